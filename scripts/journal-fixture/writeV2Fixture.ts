/**
 * Writes `journal-v2.json`: the journal database as the release of schema version 2 leaves it,
 * recorded by that release's own journal code, then dumped through the raw IndexedDB API
 * (idbDump.ts). The migration test (`src/journal/migration.test.ts`) loads it into a version-2
 * database and opens it with the code of today. Like the version-1 fixture it is written once,
 * by that release (the commit named in the file), and never rewritten.
 *
 * What that release could hold: the first athlete, made from the settings stored before athletes;
 * sessions its recorder wrote without tags (its store gave them the first athlete and the
 * Unspecified exercise); and what a restored backup brought: another athlete, a custom exercise,
 * and a session two athletes trained in, with an RPE and a note.
 *
 *     bash scripts/journal-fixture/writeFixture.sh 2
 */
import 'fake-indexeddb/auto';
import { createEngine } from '../../src/engine';
import { DEFAULT_ENGINE_SETTINGS } from '../../src/engine/settings';
import type { EngineSettings } from '../../src/engine/types';
import { synthesizeSet, type SynthesizedSet } from '../../src/device/simulation/physics';
import { createAthlete } from '../../src/rules/athletes';
import { createExercise } from '../../src/rules/exercises';
import { plateTotal } from '../../src/rules/plates';
import { DEFAULT_SETTINGS, type WorkoutSettings } from '../../src/rules/settingsModel';
import type { LoadSpan } from '../../src/rules/loads';
import type { TagSpan } from '../../src/rules/setTags';
import { reprocessLoads } from '../../src/workout/loadedEngine';
import type { ConnectedUnit } from '../../src/device/unit';
import type { JournalSettings, PlateCounts } from '../../src/log/records';
import { SessionJournal } from '../../src/journal/sessionJournal';
import { loadsFromRecord, workoutSnapshot } from '../../src/journal/sessionRecovery';
import { JOURNAL_DB_NAME, openJournalStore } from '../../src/journal/store';
import { writeFixtureFile } from './fixtureFile';

const UNIT: ConnectedUnit = { id: 'unit-9', deviceName: 'Repline 0009', firmware: { major: 6, minor: 3, patch: 1 }, info: { type: 5.1, number: 9, name: 'Club rack' } };
const FIRST = 'e1f2a3b4-0000-4e00-8000-00000000a001';
const BEA = 'e1f2a3b4-0000-4e00-8000-00000000a002';
const BELT = 'e1f2a3b4-0000-4e00-8000-00000000e001';
const LEGACY: WorkoutSettings = { ...DEFAULT_SETTINGS, mass: 82, warmup: 2, plates: [0, 1, 0, 0, 0] };

/** What that release's journaling snapshot() wrote for these settings, loads and tags. */
function snapshot(s: WorkoutSettings, loads: LoadSpan[], tags?: TagSpan[]): { settings: JournalSettings; plates: PlateCounts } {
  const engine: EngineSettings = { hz: s.hz, radius: s.radius, inertia: plateTotal(s.plates), mass: s.mass, calcAngularVelocity: s.calcAngularVelocity, calcAngularAcceleration: s.calcAngularAcceleration, warmup: s.warmup };
  const settings: JournalSettings = { engine, workout: workoutSnapshot(s), loads: loads.map((l) => ({ ...l })), ...(tags === undefined ? {} : { tags }) };
  return { settings, plates: [...s.plates] as unknown as PlateCounts };
}

const ticks = { every: () => () => {} };

function append(journal: SessionJournal, set: SynthesizedSet): void {
  for (let i = 0; i < set.timeUs.length; i += 12) journal.append(set.timeUs.slice(i, i + 12), set.angleDeg.slice(i, i + 12));
}

async function record(): Promise<void> {
  const store = await openJournalStore(JOURNAL_DB_NAME, { legacySettings: () => JSON.stringify(LEGACY), newId: () => FIRST, now: () => Date.UTC(2025, 6, 1) });
  // A restored backup's athlete and custom exercise.
  const bea = createAthlete({ name: 'Bea', bodyMass: 64 }, { id: BEA, now: Date.UTC(2025, 6, 2) });
  const belt = createExercise({ name: 'Belt squat', massShare: 0.878, radius: null, movingPulley: true }, { id: BELT, now: Date.UTC(2025, 6, 2) });
  await store.write([{ kind: 'athlete', record: bea }, { kind: 'exercise', record: belt }]);

  // A: the recorder's session, untagged: two sets, the plates changed before the second.
  {
    let loads: LoadSpan[] = [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }];
    const journal = new SessionJournal({ store, ...ticks, newId: () => 'f0a1b2c3-0001-4f00-8000-000000000001', now: () => Date.UTC(2025, 6, 3, 7, 0) });
    journal.start({ ...snapshot(LEGACY, loads), unitKind: 'bluetooth', unit: UNIT });
    const one = synthesizeSet({ reps: 4, seed: 51, inertia: 0.05, restAfterS: 1, startTimeUs: 3_000_000 });
    append(journal, one);
    const twoStart = one.timeUs.at(-1)! + 4000;
    const heavy = { ...LEGACY, plates: [1, 0, 0, 0, 0] };
    loads = [...loads, { fromUs: twoStart, inertia: 0.1, boost: 0 }];
    await journal.updateSettings(snapshot(heavy, loads).settings, heavy.plates);
    append(journal, synthesizeSet({ reps: 4, seed: 52, inertia: 0.1, restAfterS: 1, startTimeUs: twoStart, startAngleDeg: one.endAngleDeg }));
    await journal.finish({ reps: 4, best: { value: 1.1, metric: 'velocity', phase: 'concentric' } });
  }

  // B: a restored coach's session: the first athlete squats, then Bea does a belt squat; her set rated.
  {
    const s = { ...LEGACY, warmup: 1 };
    const one = synthesizeSet({ reps: 3, seed: 61, inertia: 0.05, restAfterS: 1, startTimeUs: 2_000_000 });
    const switchUs = one.timeUs.at(-1)! + 2000;
    const two = synthesizeSet({ reps: 3, seed: 62, inertia: 0.05, restAfterS: 1, startTimeUs: switchUs + 2000, startAngleDeg: one.endAngleDeg });
    const tags: TagSpan[] = [
      { fromUs: Number.NEGATIVE_INFINITY, athleteId: FIRST, exerciseId: 'builtin:squat' },
      { fromUs: switchUs, athleteId: BEA, exerciseId: BELT },
    ];
    const journal = new SessionJournal({ store, ...ticks, newId: () => 'f0a1b2c3-0002-4f00-8000-000000000002', now: () => Date.UTC(2025, 6, 4, 17, 30) });
    journal.start({ ...snapshot(s, [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }], tags), unitKind: 'demo', unit: null });
    append(journal, one);
    append(journal, two);
    await journal.finish({ reps: 4, best: { value: 1, metric: 'velocity', phase: 'concentric' } });
    const finished = (await store.session('f0a1b2c3-0002-4f00-8000-000000000002'))!;
    await store.write([{ kind: 'session', record: { ...finished, notes: [{ atUs: two.timeUs[0]! + 1, rpe: 8, note: 'last rep slow' }], modifiedAt: finished.modifiedAt + 1 } }]);
  }

  // C: cut short by a crash: never finished, offered for recovery.
  {
    const journal = new SessionJournal({ store, ...ticks, newId: () => 'f0a1b2c3-0003-4f00-8000-000000000003', now: () => Date.UTC(2025, 6, 5, 6, 45) });
    journal.start({ ...snapshot(LEGACY, [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }]), unitKind: 'bluetooth', unit: UNIT });
    append(journal, synthesizeSet({ reps: 2, seed: 71, inertia: 0.05, restAfterS: 0.5, startTimeUs: 5_000_000 }));
    await journal.flush();
    journal.dispose();
  }
  store.close();
}

await record();
await writeFixtureFile(2, (meta, loaded, starts) => reprocessLoads(createEngine, loaded.samples, starts, { ...DEFAULT_ENGINE_SETTINGS, ...meta.settings.engine }, loadsFromRecord(meta)));
