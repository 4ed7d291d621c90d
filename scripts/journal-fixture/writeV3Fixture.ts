/**
 * Writes `journal-v3.json`: the journal database as the release of schema version 3 leaves it,
 * recorded by that release's own journal code, then dumped through the raw IndexedDB API
 * (idbDump.ts). The migration test (`src/journal/migration.v3.test.ts`) loads it into a version-3
 * database and opens it with the code of today. Like the older fixtures it is written once, by
 * that release (the commit named in the file), and never rewritten.
 *
 * What that release could hold: the first athlete, made from the settings stored before athletes,
 * renamed later; another athlete and a custom exercise; a session recorded with its tags, sets'
 * records and an RPE given live; a coach's session of two athletes with a link drop, rated later
 * from the History (an RPE and a note); a session restored from a backup whose athlete carried
 * stamps (a version-2 backup of a later release could); and one cut short by a crash.
 *
 *     bash scripts/journal-fixture/writeFixture.sh 3
 */
import 'fake-indexeddb/auto';
import { createEngine } from '../../src/engine';
import { DEFAULT_ENGINE_SETTINGS } from '../../src/engine/settings';
import type { EngineSettings } from '../../src/engine/types';
import { synthesizeSet, type SynthesizedSet } from '../../src/device/simulation/physics';
import { createAthlete, renameAthlete } from '../../src/rules/athletes';
import { createExercise } from '../../src/rules/exercises';
import { plateTotal } from '../../src/rules/plates';
import { DEFAULT_SETTINGS, type WorkoutSettings } from '../../src/rules/settingsModel';
import type { LoadSpan } from '../../src/rules/loads';
import { withNote, type TagSpan } from '../../src/rules/setTags';
import { reprocessLoads } from '../../src/workout/loadedEngine';
import { recordedSession, setRecordsOf } from '../../src/journal/recorded';
import type { ConnectedUnit } from '../../src/device/unit';
import type { JournalSettings, PlateCounts } from '../../src/log/records';
import { SessionJournal } from '../../src/journal/sessionJournal';
import { loadsFromRecord, workoutSnapshot } from '../../src/journal/sessionRecovery';
import { JOURNAL_DB_NAME, openJournalStore, type JournalStore } from '../../src/journal/store';
import { writeFixtureFile } from './fixtureFile';

const UNIT: ConnectedUnit = { id: 'unit-4', deviceName: 'Repline 0004', firmware: { major: 6, minor: 4, patch: 0 }, info: { type: 5.1, number: 4, name: 'Club rack' } };
const FIRST = 'c3d4e5f6-0000-4e00-8000-00000000a001';
const CLEO = 'c3d4e5f6-0000-4e00-8000-00000000a002';
const DAN = 'c3d4e5f6-0000-4e00-8000-00000000a003';
const ROW = 'c3d4e5f6-0000-4e00-8000-00000000e001';
const LEGACY: WorkoutSettings = { ...DEFAULT_SETTINGS, mass: 78, warmup: 1, plates: [0, 1, 0, 0, 0] };
const [A, B, C, D] = ['d4e5f6a7-0001-4f00-8000-000000000001', 'd4e5f6a7-0002-4f00-8000-000000000002', 'd4e5f6a7-0003-4f00-8000-000000000003', 'd4e5f6a7-0004-4f00-8000-000000000004'];

/** What that release's liveRecord.snapshot() wrote for these settings, loads and tags. */
function snapshot(s: WorkoutSettings, loads: LoadSpan[], tags: TagSpan[]): { settings: JournalSettings; plates: PlateCounts } {
  const engine: EngineSettings = { hz: s.hz, radius: s.radius, inertia: plateTotal(s.plates), mass: s.mass, calcAngularVelocity: s.calcAngularVelocity, calcAngularAcceleration: s.calcAngularAcceleration, warmup: s.warmup };
  return { settings: { engine, workout: workoutSnapshot(s), loads: loads.map((l) => ({ ...l })), tags }, plates: [...s.plates] as unknown as PlateCounts };
}

const ticks = { every: () => () => {} };

function append(journal: SessionJournal, set: SynthesizedSet): void {
  for (let i = 0; i < set.timeUs.length; i += 12) journal.append(set.timeUs.slice(i, i + 12), set.angleDeg.slice(i, i + 12));
}

/** Finishes a session as that release's recorder did: its summary, then its sets' records as its liveRecord made them. */
async function finish(store: JournalStore, journal: SessionJournal, reps: number): Promise<void> {
  await journal.finish({ reps, best: { value: 1, metric: 'velocity', phase: 'concentric' } });
  const id = journal.sessionId!;
  await store.write([{ kind: 'patchSession', sessionId: id, patch: { sets: setRecordsOf(await recordedSession(store, id)) } }]);
}

async function record(): Promise<void> {
  const store = await openJournalStore(JOURNAL_DB_NAME, { legacySettings: () => JSON.stringify(LEGACY), newId: () => FIRST, now: () => Date.UTC(2025, 8, 1) });
  const first = (await store.athletes())[0]!;
  const cleo = createAthlete({ name: 'Cleo', bodyMass: 61 }, { id: CLEO, now: Date.UTC(2025, 8, 2) });
  const row = createExercise({ name: 'Split-stance row', massShare: 0.2, radius: null, movingPulley: false }, { id: ROW, now: Date.UTC(2025, 8, 2) });
  await store.write([{ kind: 'athlete', record: renameAthlete(first, 'Ana', Date.UTC(2025, 8, 2, 9)) }, { kind: 'athlete', record: cleo }, { kind: 'exercise', record: row }]);
  const squat = (athleteId: string, mass: number): TagSpan => ({ fromUs: Number.NEGATIVE_INFINITY, athleteId, exerciseId: 'builtin:squat', mass: mass * 0.878, radius: 0.014, warmup: 1 });

  // A: Ana's session, two sets of squats, her first set rated live (RPE 7).
  {
    const loads: LoadSpan[] = [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }];
    const tags = [squat(FIRST, 78)];
    const journal = new SessionJournal({ store, ...ticks, newId: () => A, now: () => Date.UTC(2025, 8, 3, 7, 0) });
    journal.start({ ...snapshot(LEGACY, loads, tags), unitKind: 'bluetooth', unit: UNIT });
    const one = synthesizeSet({ reps: 4, seed: 81, inertia: 0.05, restAfterS: 1, startTimeUs: 3_000_000 });
    append(journal, one);
    const notes = withNote([], { atUs: one.timeUs[0]!, rpe: 7, note: '' }, [one.timeUs[0]!]);
    await journal.updateSettings(snapshot(LEGACY, loads, tags).settings, LEGACY.plates, notes);
    append(journal, synthesizeSet({ reps: 4, seed: 82, inertia: 0.05, restAfterS: 1, startTimeUs: one.timeUs.at(-1)! + 40_000_000, startAngleDeg: one.endAngleDeg }));
    await finish(store, journal, 6);
  }

  // B: a coach's session: Ana squats, the link drops, Cleo rows; rated later from the History.
  {
    const s = { ...LEGACY, warmup: 1 };
    const one = synthesizeSet({ reps: 3, seed: 91, inertia: 0.05, restAfterS: 1, startTimeUs: 2_000_000 });
    const switchUs = one.timeUs.at(-1)! + 2000;
    const tags: TagSpan[] = [squat(FIRST, 78), { fromUs: switchUs, athleteId: CLEO, exerciseId: ROW, mass: 61 * 0.2, radius: 0.014, warmup: 1 }];
    const journal = new SessionJournal({ store, ...ticks, newId: () => B, now: () => Date.UTC(2025, 8, 4, 17, 30) });
    journal.start({ ...snapshot(s, [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }], tags), unitKind: 'demo', unit: null });
    append(journal, one);
    await journal.markGap(one.timeUs.at(-1)!, switchUs + 1000);
    const two = synthesizeSet({ reps: 3, seed: 92, inertia: 0.05, restAfterS: 1, startTimeUs: switchUs + 2000, startAngleDeg: one.endAngleDeg });
    append(journal, two);
    await finish(store, journal, 4);
    const kept = (await store.session(B))!;
    const starts = (kept.sets ?? []).map((set) => set.startUs);
    const notes = withNote(withNote([], { atUs: starts[0]!, rpe: 8, note: 'good depth' }, starts), { atUs: starts[1]!, rpe: 6, note: 'elbows in' }, starts);
    await store.write([{ kind: 'session', record: { ...kept, notes, modifiedAt: kept.modifiedAt + 60_000 } }]);
  }

  // C: restored from a later release's backup: Dan, whose record carries edit stamps, and his session.
  {
    const dan = { ...createAthlete({ name: 'Dan', bodyMass: 90 }, { id: DAN, now: Date.UTC(2025, 8, 5) }), stamps: { name: '001757030400000-000000-tablet', bodyMass: '001757030400000-000001-tablet' } };
    await store.write([{ kind: 'athlete', record: dan }]);
    const journal = new SessionJournal({ store, ...ticks, newId: () => C, now: () => Date.UTC(2025, 8, 5, 18, 0) });
    journal.start({ ...snapshot({ ...LEGACY, mass: 90 }, [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.1, boost: 0 }], [squat(DAN, 90)]), unitKind: 'demo', unit: null });
    append(journal, synthesizeSet({ reps: 3, seed: 95, inertia: 0.1, restAfterS: 1, startTimeUs: 1_000_000 }));
    await finish(store, journal, 2);
  }

  // D: cut short by a crash: never finished, offered for recovery.
  {
    const journal = new SessionJournal({ store, ...ticks, newId: () => D, now: () => Date.UTC(2025, 8, 6, 6, 45) });
    journal.start({ ...snapshot(LEGACY, [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }], [squat(CLEO, 61)]), unitKind: 'bluetooth', unit: UNIT });
    append(journal, synthesizeSet({ reps: 2, seed: 99, inertia: 0.05, restAfterS: 0.5, startTimeUs: 5_000_000 }));
    await journal.flush();
    journal.dispose();
  }
  store.close();
}

await record();
await writeFixtureFile(3, (meta, loaded, starts) => reprocessLoads(createEngine, loaded.samples, starts, { ...DEFAULT_ENGINE_SETTINGS, ...meta.settings.engine }, loadsFromRecord(meta), meta.settings.tags ?? []));
