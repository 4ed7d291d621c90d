/**
 * A database written by the release of schema version 3 opens in this one (version 4) with every
 * session, rep, sample, rating and note, each record stamped from its modification time, a change
 * number for every record (what a first sync pushes), and the unfinished session marked as
 * recorded here. The fixture (testing/journal-v3.json) was recorded by that release's own journal
 * code (scripts/journal-fixture/writeV3Fixture.ts).
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import { notesBySet } from '../rules/setTags';
import { stampedAthlete, stampedExercise, stampedSession } from '../log/merge';
import type { ChunkRecord, SessionRecord } from '../log/records';
import { legacyStamp } from '../log/stamp';
import { findUnfinished, listHistory } from './archive';
import { recordedSession } from './recorded';
import { JOURNAL_DB_NAME, openJournalStore } from './store';
import fixture from './testing/journal-v3.json';
import { dumpDatabase, loadDatabase, untag, type DatabaseDump } from './testing/idbDump';
import { expectReleasedReps } from './testing/releaseReps';
import { sameFloats } from './testKit';

const v3 = fixture.database as DatabaseDump;
const recordsOf = <T>(name: string): T[] => v3.stores.find((s) => s.name === name)!.records.map((r) => untag(r) as T);
const [A, B, C, D] = ['d4e5f6a7-0001-4f00-8000-000000000001', 'd4e5f6a7-0002-4f00-8000-000000000002', 'd4e5f6a7-0003-4f00-8000-000000000003', 'd4e5f6a7-0004-4f00-8000-000000000004'];
const DAN = 'c3d4e5f6-0000-4e00-8000-00000000a003';

let factory: IDBFactory;
beforeEach(async () => {
  factory = new IDBFactory();
  globalThis.indexedDB = factory;
  await loadDatabase(factory, v3);
});

const open = () => openJournalStore(JOURNAL_DB_NAME, { newId: () => 'never-used', now: () => 0 });

describe('opening a database of schema version 3', () => {
  it('starts from the fixture as that release wrote it: three athletes, a custom exercise, four sessions, version 3', () => {
    expect(v3.version).toBe(3);
    expect(v3.stores.map((s) => [s.name, s.records.length])).toEqual([['athletes', 3], ['chunks', 51], ['exercises', 1], ['gaps', 1], ['sessions', 4]]);
  });

  it('stamps every register of every record from its modification time, keeping the stamps a record had, and changes nothing else', async () => {
    const store = await open();
    const sessions = await store.sessions();
    for (const old of recordsOf<SessionRecord>('sessions')) {
      const now = sessions.find((s) => s.id === old.id)!;
      expect(now).toEqual(stampedSession(old));
      expect(now.stamps).toEqual({ recording: legacyStamp(old.modifiedAt), tags: legacyStamp(old.modifiedAt), sets: legacyStamp(old.modifiedAt) });
    }
    const athletes = await store.athletes();
    for (const old of recordsOf<Athlete>('athletes')) expect(athletes.find((a) => a.id === old.id)).toEqual(stampedAthlete(old));
    // Dan came from a backup with stamps of his own: they stay.
    expect(athletes.find((a) => a.id === DAN)!.stamps).toMatchObject({ name: '001757030400000-000000-tablet', bodyMass: '001757030400000-000001-tablet' });
    expect(await store.exercises()).toEqual(recordsOf<Exercise>('exercises').map(stampedExercise));
  });

  it('keeps every rating and note, each field stamped, and every chunk bit for bit', async () => {
    const store = await open();
    const b = (await store.session(B))!;
    const starts = b.sets!.map((s) => s.startUs);
    expect([...notesBySet(b.notes!, starts).values()]).toEqual([{ rpe: 8, note: 'good depth' }, { rpe: 6, note: 'elbows in' }]);
    expect(b.notes!.every((n) => n.stamps?.rpe === legacyStamp(b.modifiedAt) && n.stamps?.note === legacyStamp(b.modifiedAt))).toBe(true);
    for (const old of recordsOf<ChunkRecord>('chunks')) {
      const chunk = (await store.chunks(old.sessionId))[old.seq]!;
      expect(sameFloats(chunk.timeUs, old.timeUs) && sameFloats(chunk.angleDeg, old.angleDeg)).toBe(true);
    }
  });

  it('gives every session the samples and reps the old release showed', async () => {
    const store = await open();
    for (const want of fixture.expected) {
      const { loaded, reps } = await recordedSession(store, want.id);
      expect([loaded.samples.timeUs.length, loaded.chunks, loaded.gaps]).toEqual([want.samples, want.chunks, want.gaps]);
      expectReleasedReps(reps, want.reps);
    }
    expect((await listHistory(store)).map((h) => h.id)).toEqual([C, B, A]);
  });

  it('numbers a change for every record, so that a first sync pushes the whole log, and offers the unfinished session still', async () => {
    const store = await open();
    const changed = await store.changesAfter(0, 1000);
    expect(changed.map((c) => c.change)).toEqual(changed.map((_, i) => i + 1));
    const kinds = changed.map(({ entry }) => (entry.kind === 'samples' ? `samples ${entry.sessionId}` : entry.kind === 'order' ? 'order' : `${entry.kind} ${entry.record.id}`));
    expect(kinds.filter((k) => k.startsWith('athlete')).length).toBe(3);
    expect(kinds.filter((k) => k.startsWith('exercise')).length).toBe(1);
    expect(kinds.filter((k) => k.startsWith('session')).sort()).toEqual([A, B, C, D].map((id) => `session ${id}`));
    expect(kinds.filter((k) => k.startsWith('samples')).sort()).toEqual([A, B, C, D].map((id) => `samples ${id}`));
    expect(await store.lastChange()).toBe(changed.length);
    expect((await findUnfinished(store)).map((s) => s.id)).toEqual([D]);
  });

  it('leaves the database as it was when the migration fails', async () => {
    const broken = structuredClone(v3);
    const athletes = broken.stores.find((s) => s.name === 'athletes')!;
    (athletes.records[0] as { settings: unknown }).settings = null;
    factory = new IDBFactory();
    globalThis.indexedDB = factory;
    await loadDatabase(factory, broken);
    await expect(open()).rejects.toThrow(/could not be brought up to date .*; they are left as they were/);
    expect(await dumpDatabase(factory, JOURNAL_DB_NAME)).toEqual(broken);
  });
});
