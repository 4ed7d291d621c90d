/**
 * A database written by the release of schema version 1 opens in this one with every session,
 * rep and sample. The fixture (testing/journal-v1.json) was recorded by that release's own
 * journal code (scripts/journal-fixture/writeV1Fixture.ts) and is loaded here into a version-1 database through
 * the raw IndexedDB API, exactly as that release left it in users' browsers.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { UNSPECIFIED_EXERCISE_ID } from '../rules/exercises';
import { DEFAULT_SETTINGS } from '../rules/settingsModel';
import { reprocessLoads } from '../workout/loadedEngine';
import { SessionTimeline } from '../workout/sessionTimeline';
import { findUnfinished, listHistory, loadSession } from './archive';
import type { ChunkRecord, GapRecord, SessionRecord } from '../log/records';
import { loadsFromRecord } from './sessionRecovery';
import { stampedSession } from '../log/merge';
import { JOURNAL_DB_NAME, openJournalStore } from './store';
import fixture from './testing/journal-v1.json';
import { dumpDatabase, loadDatabase, untag, type DatabaseDump } from './testing/idbDump';
import { expectReleasedReps } from './testing/releaseReps';
import { sameFloats } from './testKit';

const v1 = fixture.database as DatabaseDump;
const recordsOf = <T>(name: string): T[] => v1.stores.find((s) => s.name === name)!.records.map((r) => untag(r) as T);
const LEGACY = JSON.stringify({ ...DEFAULT_SETTINGS, mass: 78, warmup: 2, plates: [0, 1, 0, 0, 0] });
const ATHLETE = 'c6f9a1de-5e0b-4f7e-9d57-000000000a01';
const MIGRATED_AT = Date.UTC(2025, 6, 1);

let factory: IDBFactory;
beforeEach(async () => {
  factory = new IDBFactory();
  globalThis.indexedDB = factory;
  await loadDatabase(factory, v1);
});

const open = () => openJournalStore(JOURNAL_DB_NAME, { legacySettings: () => LEGACY, newId: () => ATHLETE, now: () => MIGRATED_AT });

describe('opening a database of schema version 1', () => {
  it('starts from the fixture as that release wrote it: four sessions, their chunks and a gap, version 1', () => {
    expect(v1.version).toBe(1);
    expect(v1.stores.map((s) => [s.name, s.records.length])).toEqual([['chunks', 50], ['gaps', 1], ['sessions', 4]]);
  });

  it('keeps every session record, now the first athlete’s, doing the Unspecified exercise at the session’s mass, radius and warmup, modified when it finished', async () => {
    const store = await open();
    const before = recordsOf<SessionRecord>('sessions');
    const after = await store.sessions();
    expect(after.map((s) => s.id).sort()).toEqual(before.map((s) => s.id).sort());
    for (const old of before) {
      const now = after.find((s) => s.id === old.id)!;
      const { mass, radius } = old.settings.engine;
      // Stamped from that time (version 4), as a merge reads a record kept before stamps.
      expect(now).toEqual(
        stampedSession({
          ...old,
          settings: { ...old.settings, tags: [{ fromUs: Number.NEGATIVE_INFINITY, athleteId: ATHLETE, exerciseId: UNSPECIFIED_EXERCISE_ID, mass, radius, warmup: old.settings.workout.warmup as number }] },
          modifiedAt: old.finishedAt ?? old.startedAt,
        }),
      );
    }
  });

  it('keeps every chunk and gap bit for bit', async () => {
    const store = await open();
    for (const old of recordsOf<ChunkRecord>('chunks')) {
      const chunk = (await store.chunks(old.sessionId))[old.seq]!;
      expect(chunk.seq).toBe(old.seq);
      expect(sameFloats(chunk.timeUs, old.timeUs) && sameFloats(chunk.angleDeg, old.angleDeg)).toBe(true);
    }
    const gaps = recordsOf<GapRecord>('gaps');
    expect((await store.gaps(gaps[0]!.sessionId))).toEqual(gaps);
  });

  it('gives every session the samples, gaps and reps the old release showed', async () => {
    const store = await open();
    for (const want of fixture.expected) {
      const loaded = await loadSession(store, want.id);
      expect([loaded.samples.timeUs.length, loaded.chunks, loaded.gaps]).toEqual([want.samples, want.chunks, want.gaps]);
      const timeline = new SessionTimeline();
      timeline.restore(loaded.samples.timeUs, loaded.gaps);
      const reps = reprocessLoads(createEngine, loaded.samples, timeline.starts, { ...DEFAULT_ENGINE_SETTINGS, ...loaded.meta.settings.engine }, loadsFromRecord(loaded.meta));
      expectReleasedReps(reps, want.reps);
    }
    expect(fixture.expected.reduce((n, s) => n + s.reps.length, 0)).toBe(18);
  });

  it('lists the three finished sessions in the History and offers the one cut short for recovery', async () => {
    const store = await open();
    const history = await listHistory(store);
    expect(history.map((h) => h.id)).toEqual(['b7e2d9a0-0002-4b00-8000-000000000002', 'a3f1c2d4-0001-4a00-8000-000000000001', 'c0d4e6f8-0003-4c00-8000-000000000003']);
    expect(history.every((h) => h.athleteIds.length === 1 && h.athleteIds[0] === ATHLETE)).toBe(true);
    expect((await findUnfinished(store)).map((s) => s.id)).toEqual(['d1a2b3c4-0004-4d00-8000-000000000004']);
  });

  it('creates one athlete from the settings stored before athletes, and only once', async () => {
    const store = await open();
    const athletes = await store.athletes();
    expect(athletes).toHaveLength(1);
    expect(athletes[0]).toMatchObject({ id: ATHLETE, name: 'Athlete 1', bodyMass: 78, createdAt: MIGRATED_AT, settings: { warmup: 2, plates: { [UNSPECIFIED_EXERCISE_ID]: [0, 1, 0, 0, 0] } } });
    store.close();
    const again = await openJournalStore(JOURNAL_DB_NAME, { legacySettings: () => LEGACY, newId: () => 'another', now: () => MIGRATED_AT + 1 });
    expect((await again.athletes()).map((a) => a.id)).toEqual([ATHLETE]);
    expect(await again.exercises()).toEqual([]);
  });

  it('leaves the database as it was when the migration fails, and says so', async () => {
    const failing = openJournalStore(JOURNAL_DB_NAME, { legacySettings: () => LEGACY, newId: () => { throw new Error('no ids today'); }, now: () => 0 });
    await expect(failing).rejects.toThrow(/could not be brought up to date \(no ids today\); they are left as they were/);
    expect(await dumpDatabase(factory, JOURNAL_DB_NAME)).toEqual(v1);
  });
});
