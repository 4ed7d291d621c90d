/**
 * Reading the journal back: the recovery offer on start-up, reopening a session, the history
 * list and deletion. Everything the user recorded is reachable from here, and so is deleting it
 * (the README tells users this is where their data lives).
 */
import type { ChunkRecord, SessionRecord } from '../log/records';
import { OTHER_ATHLETES_ID } from '../rules/athletes';
import { isOwned } from '../rules/athleteSets';
import { figureKey, figuresOver, type SetRecord } from '../rules/setRecords';
import type { HistoryEntry, LoadedSession } from './records';
import type { JournalStore } from './store';

/**
 * Sessions this device recorded and never finished (reload, crash, closed tab), newest first:
 * offer to recover them. An unfinished session from elsewhere (a backup file, another device) is
 * no crash of this one: it is kept, and left alone.
 */
export async function findUnfinished(store: JournalStore): Promise<SessionRecord[]> {
  const sessions = (await store.sessions()).filter((s) => s.finishedAt === null);
  const here = await Promise.all(sessions.map((s) => store.recordedHere(s.id)));
  return sessions.filter((_, i) => here[i]).sort((a, b) => b.startedAt - a.startedAt);
}

/**
 * The session as the athletes still in it see it: the athletes whose sets were taken out of it
 * (`removedAthletes`) leave its athletes and sets, whose sets are no one's (rules/athleteSets.ts,
 * the rule every view reads), and its count and best are those of the sets that stay.
 */
export function withoutRemovedAthletes(entry: HistoryEntry): HistoryEntry {
  const removed = entry.removedAthletes;
  if (Object.keys(removed).length === 0) return entry;
  const sets: SetRecord[] | null = entry.sets?.filter((set) => isOwned(set.athleteId, removed)) ?? null;
  const figures = sets === null ? null : figuresOver(sets, figureKey(entry.best?.metric ?? 'velocity', entry.best?.phase ?? 'concentric'));
  return {
    ...entry,
    athleteIds: entry.athleteIds.filter((id) => isOwned(id, removed)),
    sets,
    reps: figures?.reps ?? entry.reps,
    best: entry.best === null || figures === null ? entry.best : figures.best === null ? null : { ...entry.best, value: figures.best },
  };
}

/** Finished sessions for the history list, newest first. */
export async function listHistory(store: JournalStore): Promise<HistoryEntry[]> {
  const sessions = await store.sessions();
  return sessions
    .filter((s): s is SessionRecord & { finishedAt: number } => s.finishedAt !== null)
    .sort((a, b) => b.startedAt - a.startedAt)
    .map((s) => ({
      id: s.id,
      startedAt: s.startedAt,
      finishedAt: s.finishedAt,
      reps: s.summary?.reps ?? 0,
      best: s.summary?.best ?? null,
      unitKind: s.unitKind,
      athleteIds: unique(ownTags(s).map((t) => t.athleteId)),
      exerciseIds: unique(ownTags(s).map((t) => t.exerciseId)),
      inertias: [...new Set((s.settings.loads ?? [{ inertia: s.settings.engine.inertia }]).map((l) => l.inertia))].sort((a, b) => a - b),
      sets: s.sets ?? null,
      notes: s.notes ?? [],
      removedAthletes: s.removedAthletes ?? {},
    }))
    .map(withoutRemovedAthletes);
}

/** A pause between two samples longer than this, where no gap says so, is a stretch left out of a copy cut down to one athlete. */
const LEFT_OUT_US = 250_000;

/**
 * A whole session: its record, every sample in recording order (one pair of typed arrays, ready
 * for the engine's reprocess) and its gaps. Rejects with a clear Error for an unknown id or a
 * journal with a missing chunk (which the writer never produces: the database was altered), except
 * in a copy cut down to one athlete: an athlete's phone gets only its athlete's stretches of a
 * session another device recorded (docs/sync.md §7, §9), and each stretch left out reads as a gap,
 * so that no rep is made across it.
 */
export async function loadSession(store: JournalStore, id: string): Promise<LoadedSession> {
  const [meta, chunks, gaps] = await Promise.all([store.session(id), store.chunks(id), store.gaps(id)]);
  if (meta === undefined) throw new Error(`no session ${id} in the journal`);
  const cut = (meta.settings.tags ?? []).some((t) => t.athleteId === OTHER_ATHLETES_ID);
  if (!cut) {
    chunks.forEach((chunk, i) => {
      if (chunk.seq !== i) throw new Error(`session ${id}: chunk ${i} is missing from the journal (found ${chunk.seq} in its place)`);
    });
  }
  const samples = { timeUs: concat(chunks, 'timeUs'), angleDeg: concat(chunks, 'angleDeg') };
  const kept = gaps.map(({ fromUs, toUs }) => ({ fromUs, toUs }));
  return { meta, samples, gaps: cut ? [...kept, ...leftOut(samples.timeUs, kept)].sort((a, b) => a.fromUs - b.fromUs) : kept, chunks: chunks.length };
}

/** The pauses in `timeUs` longer than LEFT_OUT_US that no gap of `gaps` covers. */
function leftOut(timeUs: Float64Array, gaps: readonly { fromUs: number; toUs: number }[]): { fromUs: number; toUs: number }[] {
  const out: { fromUs: number; toUs: number }[] = [];
  for (let i = 1; i < timeUs.length; i++) {
    const fromUs = timeUs[i - 1]!;
    const toUs = timeUs[i]!;
    if (toUs - fromUs > LEFT_OUT_US && !gaps.some((g) => g.fromUs <= toUs && g.toUs >= fromUs)) out.push({ fromUs, toUs });
  }
  return out;
}

/** Deletes one session and all its samples; its deletion is kept (a copy of it from elsewhere does not come back). */
export function removeSession(store: JournalStore, id: string): Promise<void> {
  return store.remove(id);
}

/** Deletes every kept session ("Delete all data" in settings). */
export function removeAllSessions(store: JournalStore): Promise<void> {
  return store.removeAll();
}

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];

/** The session's tag spans of athletes this device knows: a copy cut down to one athlete names the others' stretches "other" (rules/athletes.ts). */
const ownTags = (s: SessionRecord) => (s.settings.tags ?? []).filter((t) => t.athleteId !== OTHER_ATHLETES_ID);

function concat(chunks: readonly ChunkRecord[], field: 'timeUs' | 'angleDeg'): Float64Array {
  let length = 0;
  for (const c of chunks) length += c[field].length;
  const out = new Float64Array(length);
  let offset = 0;
  for (const c of chunks) {
    out.set(c[field], offset);
    offset += c[field].length;
  }
  return out;
}
