/**
 * One athlete's sessions ready for the session CSV (Settings → Data). The log file's service
 * (logFile.ts) offers it, loading this module with its first use; this module holds how.
 *
 * An athlete's sessions: every finished session with a set of theirs, cut down to them when
 * others trained in it too (a coach's session): the reps of their sets (rules/athleteSets.ts:
 * not nobody's reps, and none of a session they were taken out of), the raw samples of their
 * stretches of the session, and the athletes block naming their sets with the RPE and notes found
 * on the whole session (csv/sessionTagsCsv.ts). Reps are reprocessed as the History's export does.
 */
import type { Athlete } from '../rules/athletes';
import { athleteSets } from '../rules/athleteSets';
import { exerciseById, type Exercise } from '../rules/exercises';
import { athleteRanges } from '../rules/setTags';
import type { WorkoutSettings } from '../rules/settingsModel';
import { sessionCsvInput } from '../workout/sessionExport';
import type { HistoryEntry, RecordedSession } from '../journal/records';

type CsvInput = ReturnType<typeof sessionCsvInput>;

export interface AthleteSession {
  sessionId: string;
  startedAt: number;
  settings: WorkoutSettings;
  /** The session CSV's input, the athletes block included. */
  input: CsvInput & { tags: NonNullable<CsvInput['tags']> };
}

/** What the export reads: the finished sessions, each as the History reopens it, and who is who. */
export interface AthleteExportDeps {
  history: () => Promise<HistoryEntry[]>;
  recorded: (id: string) => Promise<RecordedSession>;
  athletes: readonly Athlete[];
  exercises: readonly Exercise[];
}

/** `athleteId`'s part of every finished session they trained in, oldest first. */
export async function athleteSessions(deps: AthleteExportDeps, athleteId: string): Promise<AthleteSession[]> {
  const entries = (await deps.history()).filter((e) => e.athleteIds.includes(athleteId)).sort((a, b) => a.startedAt - b.startedAt);
  const names = {
    athlete: (id: string) => {
      const a = deps.athletes.find((x) => x.id === id);
      return a === undefined ? { name: 'Unknown athlete', bodyMass: null } : { name: a.name, bodyMass: a.bodyMass };
    },
    exercise: (id: string) => {
      try {
        const e = exerciseById(deps.exercises, id);
        return { name: e.name, massShare: e.massShare };
      } catch {
        return { name: 'Unknown exercise', massShare: null };
      }
    },
  };
  const out: AthleteSession[] = [];
  for (const entry of entries) {
    const { loaded, settings, reps, loads, tags, notes, removedAthletes: removed } = await deps.recorded(entry.id);
    const how = { restS: settings.setRestS, loads, tags, notes, removed, warmup: settings.warmup, metric: settings.metric, phase: settings.phase };
    const sets = athleteSets(reps, how, { athleteId });
    if (sets.length === 0) continue;
    const ranges = athleteRanges(tags, athleteId);
    const within = (us: number) => ranges.some((r) => us >= r.fromUs && us < r.toUs);
    const keep: number[] = [];
    loaded.samples.timeUs.forEach((us, i) => {
      if (within(us)) keep.push(i);
    });
    const raw = { timeUs: Float64Array.from(keep, (i) => loaded.samples.timeUs[i]!), angleDeg: Float64Array.from(keep, (i) => loaded.samples.angleDeg[i]!) };
    const theirs = sets.flatMap((set) => set.reps);
    const input = sessionCsvInput({ date: new Date(entry.startedAt), settings, firmware: loaded.meta.unit?.firmware ?? null, reps: theirs, raw, loads });
    out.push({ sessionId: entry.id, startedAt: entry.startedAt, settings, input: { ...input, tags: { tags, notes, removed, athleteId, sessionReps: reps, ...names } } });
  }
  return out;
}
