/**
 * A database written by the release of schema version 2 opens in this one with every session,
 * rep and sample, each tag span naming the mass, radius and warmup its reps were computed with,
 * and every finished session gets its sets' records. The fixture (testing/journal-v2.json) was
 * recorded by that release's own journal code (scripts/journal-fixture/writeV2Fixture.ts).
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Athlete } from '../rules/athletes';
import { UNSPECIFIED_EXERCISE_ID, type Exercise } from '../rules/exercises';
import { stampedAthlete, stampedExercise, stampedSession } from '../log/merge';
import { findUnfinished, listHistory } from './archive';
import { recordedSession, setRecordsOf } from './recorded';
import type { ChunkRecord, SessionRecord } from '../log/records';
import { JOURNAL_DB_NAME, openJournalStore } from './store';
import fixture from './testing/journal-v2.json';
import { dumpDatabase, loadDatabase, untag, type DatabaseDump } from './testing/idbDump';
import { expectReleasedReps } from './testing/releaseReps';
import { sameFloats } from './testKit';

const v2 = fixture.database as DatabaseDump;
const recordsOf = <T>(name: string): T[] => v2.stores.find((s) => s.name === name)!.records.map((r) => untag(r) as T);
const FIRST = 'e1f2a3b4-0000-4e00-8000-00000000a001';
const BEA = 'e1f2a3b4-0000-4e00-8000-00000000a002';
const [A, B, C] = ['f0a1b2c3-0001-4f00-8000-000000000001', 'f0a1b2c3-0002-4f00-8000-000000000002', 'f0a1b2c3-0003-4f00-8000-000000000003'];

let factory: IDBFactory;
beforeEach(async () => {
  factory = new IDBFactory();
  globalThis.indexedDB = factory;
  await loadDatabase(factory, v2);
});

const open = () => openJournalStore(JOURNAL_DB_NAME, { newId: () => 'never-used', now: () => 0 });

describe('opening a database of schema version 2', () => {
  it('starts from the fixture as that release wrote it: two athletes, a custom exercise, three sessions, version 2', () => {
    expect(v2.version).toBe(2);
    expect(v2.stores.map((s) => [s.name, s.records.length])).toEqual([['athletes', 2], ['chunks', 43], ['exercises', 1], ['gaps', 0], ['sessions', 3]]);
  });

  it('gives every tag span its session’s engine mass and radius and its warmup, and changes nothing else of a record', async () => {
    const store = await open();
    const after = await store.sessions();
    for (const old of recordsOf<SessionRecord>('sessions')) {
      const now = after.find((s) => s.id === old.id)!;
      const { mass, radius } = old.settings.engine;
      const warmup = old.settings.workout.warmup as number;
      expect(now).toEqual(stampedSession({ ...old, settings: { ...old.settings, tags: old.settings.tags!.map((span) => ({ ...span, mass, radius, warmup })) } }));
    }
    // The recorder's session, tagged by that release's store, and the restored coach's session.
    expect(after.find((s) => s.id === A)!.settings.tags).toEqual([{ fromUs: Number.NEGATIVE_INFINITY, athleteId: FIRST, exerciseId: UNSPECIFIED_EXERCISE_ID, mass: 82, radius: 0.014, warmup: 2 }]);
    expect(after.find((s) => s.id === B)!.settings.tags!.map((t) => [t.athleteId, t.mass, t.warmup])).toEqual([[FIRST, 82, 1], [BEA, 82, 1]]);
  });

  it('keeps both athletes with the new settings’ defaults, the custom exercise, and every chunk bit for bit', async () => {
    const store = await open();
    const athletes = await store.athletes();
    for (const old of recordsOf<Athlete>('athletes')) {
      expect(athletes.find((a) => a.id === old.id)).toEqual(stampedAthlete({ ...old, settings: { ...old.settings, bigNumber: 'metric', ratioTarget: null } }));
    }
    expect(await store.exercises()).toEqual(recordsOf<Exercise>('exercises').map(stampedExercise));
    for (const old of recordsOf<ChunkRecord>('chunks')) {
      const chunk = (await store.chunks(old.sessionId))[old.seq]!;
      expect(sameFloats(chunk.timeUs, old.timeUs) && sameFloats(chunk.angleDeg, old.angleDeg)).toBe(true);
    }
  });

  it('gives every session the samples and reps the old release showed, each rep computed with the same mass and radius', async () => {
    const store = await open();
    for (const want of fixture.expected) {
      const { loaded, reps } = await recordedSession(store, want.id);
      expect([loaded.samples.timeUs.length, loaded.chunks, loaded.gaps]).toEqual([want.samples, want.chunks, want.gaps]);
      expectReleasedReps(reps, want.reps);
    }
    expect(fixture.expected.map((s) => s.reps.length)).toEqual([8, 6, 2]);
  });

  it('lists the finished sessions without sets’ records until they are made, then one per set, each athlete’s own', async () => {
    const store = await open();
    const history = await listHistory(store);
    expect(history.map((h) => [h.id, h.sets])).toEqual([[B, null], [A, null]]);
    const recorded = await recordedSession(store, B);
    const coach = setRecordsOf(recorded);
    const velocities = recorded.reps.map((r) => r.concentric.velocity);
    // Warmup 1 for each: the first athlete's reps 2–3, Bea's 5–6.
    expect(coach.map((s) => [s.athleteId, s.exerciseId, s.reps, s.counted, s.velocities])).toEqual([
      [FIRST, 'builtin:squat', 3, 2, velocities.slice(1, 3)],
      [BEA, 'e1f2a3b4-0000-4e00-8000-00000000e001', 3, 2, velocities.slice(4, 6)],
    ]);
    expect((await findUnfinished(store)).map((s) => s.id)).toEqual([C]);
  });

  it('leaves the database as it was when the migration fails', async () => {
    const broken = structuredClone(v2);
    const sessions = broken.stores.find((s) => s.name === 'sessions')!;
    // A record whose settings are not an object: the migration cannot read it.
    (sessions.records[0] as { settings: unknown }).settings = null;
    factory = new IDBFactory();
    globalThis.indexedDB = factory;
    await loadDatabase(factory, broken);
    await expect(open()).rejects.toThrow(/could not be brought up to date .*; they are left as they were/);
    expect(await dumpDatabase(factory, JOURNAL_DB_NAME)).toEqual(broken);
  });
});
