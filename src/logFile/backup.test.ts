/**
 * Back up the whole log and restore it: the log of the version-1 fixture (four sessions: load
 * changes, a link drop, an unfinished one), migrated, with a second athlete and a custom exercise,
 * goes to a file and comes back on an empty device the same, bit for bit; restoring merges by id
 * and modification time and never duplicates; a bad file changes nothing and says why.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAthlete } from '../rules/athletes';
import { createExercise } from '../rules/exercises';
import { encode } from '../log/codec';
import { backupOf, BackupError, readBackup, restoreBackup } from './backup';
import type { SessionRecord } from '../log/records';
import { JOURNAL_DB_NAME, openJournalStore, type JournalStore } from '../journal/store';
import fixture from '../journal/testing/journal-v1.json';
import { loadDatabase, type DatabaseDump } from '../journal/testing/idbDump';
import { sameFloats } from '../journal/testKit';

const BEA = createAthlete({ name: 'Bea', bodyMass: 64 }, { id: 'bea-0001', now: Date.UTC(2025, 6, 2) });
const BELT = createExercise({ name: 'Belt squat', massShare: 0.878, radius: null, movingPulley: true }, { id: 'belt-0001', now: Date.UTC(2025, 6, 2) });
const NOW = new Date(Date.UTC(2025, 6, 3, 12));

/** The fixture's log, migrated, with Bea and the belt squat added: the device being backed up. */
async function oldDevice(): Promise<JournalStore> {
  globalThis.indexedDB = new IDBFactory();
  await loadDatabase(globalThis.indexedDB, fixture.database as DatabaseDump);
  const store = await openJournalStore(JOURNAL_DB_NAME, { legacySettings: () => null, newId: () => 'first-athlete', now: () => Date.UTC(2025, 6, 1) });
  await store.write([{ kind: 'athlete', record: BEA }, { kind: 'exercise', record: BELT }]);
  return store;
}

/** A device after "clear all site data": an empty journal with its own first athlete. */
async function newDevice(): Promise<JournalStore> {
  globalThis.indexedDB = new IDBFactory();
  return openJournalStore(JOURNAL_DB_NAME, { legacySettings: () => null, newId: () => 'placeholder', now: () => NOW.getTime() });
}

async function contents(store: JournalStore) {
  const sessions = (await store.sessions()).sort((a, b) => a.id.localeCompare(b.id));
  return {
    sessions,
    chunks: await Promise.all(sessions.map((s) => store.chunks(s.id))),
    gaps: await Promise.all(sessions.map((s) => store.gaps(s.id))),
    athletes: (await store.athletes()).sort((a, b) => a.id.localeCompare(b.id)),
    exercises: await store.exercises(),
  };
}

let text: string;
let before: Awaited<ReturnType<typeof contents>>;
beforeEach(async () => {
  const store = await oldDevice();
  text = await backupOf(store, NOW);
  before = await contents(store);
  store.close();
});

describe('backing up and restoring the whole log', () => {
  it('writes one versioned file holding every athlete, exercise and session', () => {
    const file = JSON.parse(text);
    expect([file.format, file.version, file.exportedAt]).toEqual(['repline-backup', 2, '2025-07-03T12:00:00.000Z']);
    expect([file.athletes.length, file.exercises.length, file.sessions.length]).toEqual([2, 1, 4]);
  });

  it('brings every session, chunk, gap, athlete and exercise back on an empty device, bit for bit', async () => {
    const store = await newDevice();
    const report = await restoreBackup(store, readBackup(text));
    expect(report).toEqual({ added: 4, updated: 0, kept: 0, athletes: 2, exercises: 1 });
    const after = await contents(store);
    expect(after.sessions).toEqual(before.sessions);
    expect(after.gaps).toEqual(before.gaps);
    expect(after.chunks.map((list) => list.length)).toEqual(before.chunks.map((list) => list.length));
    after.chunks.flat().forEach((chunk, i) => {
      const old = before.chunks.flat()[i]!;
      expect(sameFloats(chunk.timeUs, old.timeUs) && sameFloats(chunk.angleDeg, old.angleDeg)).toBe(true);
    });
    // The new device's own untouched first athlete gives way to the restored ones.
    expect(after.athletes).toEqual(before.athletes);
    expect(after.exercises).toEqual([BELT]);
    expect(after.sessions[0]!.settings.loads?.[0]?.fromUs ?? Number.NEGATIVE_INFINITY).toBe(Number.NEGATIVE_INFINITY);
  });

  it('never duplicates: restoring the same file again adds nothing', async () => {
    const store = await newDevice();
    await restoreBackup(store, readBackup(text));
    expect(await restoreBackup(store, readBackup(text))).toEqual({ added: 0, updated: 0, kept: 4, athletes: 0, exercises: 0 });
    expect(await store.sessions()).toHaveLength(4);
  });

  it('keeps the newer copy of a session: the file’s when it was modified later, the device’s otherwise', async () => {
    const store = await newDevice();
    await restoreBackup(store, readBackup(text));
    const file = JSON.parse(text);
    const [first, second] = file.sessions as { record: SessionRecord }[];
    first!.record = { ...first!.record, modifiedAt: first!.record.modifiedAt + 1, summary: { reps: 99, best: null } };
    second!.record = { ...second!.record, modifiedAt: second!.record.modifiedAt - 1, summary: { reps: 77, best: null } };
    const report = await restoreBackup(store, readBackup(JSON.stringify(file)));
    expect(report).toMatchObject({ added: 0, updated: 1, kept: 3 });
    expect((await store.session(first!.record.id))?.summary?.reps).toBe(99);
    expect((await store.session(second!.record.id))?.summary?.reps).not.toBe(77);
    // The replaced session keeps its samples: cleared and written again in the same transaction.
    expect((await store.chunks(first!.record.id)).length).toBe(before.chunks[before.sessions.findIndex((s) => s.id === first!.record.id)]!.length);
  });

  it('keeps a device’s own athlete beside the restored ones once they have trained or been changed', async () => {
    const store = await newDevice();
    const [mine] = await store.athletes();
    await store.write([{ kind: 'athlete', record: { ...mine!, name: 'Cy', modifiedAt: mine!.modifiedAt + 1 } }]);
    await restoreBackup(store, readBackup(text));
    expect((await store.athletes()).map((a) => a.name).sort()).toEqual(['Athlete 1', 'Bea', 'Cy']);
  });
});

describe('a file that cannot be restored', () => {
  const refused = async (file: string, sentence: RegExp) => {
    const store = await newDevice();
    await restoreBackup(store, readBackup(text));
    const held = await contents(store);
    let error: unknown = null;
    try {
      await restoreBackup(store, readBackup(file));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(sentence);
    expect(await contents(store)).toEqual(held);
  };

  it('is refused with one sentence when it is not a backup at all', async () => {
    await refused('Time (µs),Angle (°)\n0,0\n', /^This file is not a Repline backup\.$/);
    await refused(JSON.stringify({ format: 'kmeter', sessions: [] }), /^This file is not a Repline backup\.$/);
  });

  it('brings a version-1 file’s sessions up to date: each tag span with its session’s mass, radius and warmup', async () => {
    const old = JSON.parse(text) as { version: number; sessions: { record: SessionRecord }[] };
    old.version = 1;
    for (const s of old.sessions) s.record.settings.tags = s.record.settings.tags!.map(({ athleteId, exerciseId, fromUs }) => ({ athleteId, exerciseId, fromUs }));
    const read = readBackup(JSON.stringify(old));
    for (const { record } of read.sessions) {
      const { mass, radius } = record.settings.engine;
      expect(record.settings.tags!.every((t) => t.mass === mass && t.radius === radius && t.warmup === record.settings.workout.warmup)).toBe(true);
    }
  });

  it('is refused when a newer version of the app wrote it', async () => {
    await refused(JSON.stringify({ ...JSON.parse(text), version: 3 }), /made by a newer version of Repline \(backup format 3\); update the app/);
  });

  it('is refused whole when one chunk of one session is missing, the device unchanged', async () => {
    const file = JSON.parse(text);
    file.sessions[1].chunks.splice(3, 1);
    await refused(JSON.stringify(file), /This backup is damaged \(session 2: session a3f1c2d4-0001-4a00-8000-000000000001: chunk 3 is missing\); nothing was restored\./);
  });

  it('is refused when samples are not pairs, a note’s RPE is out of range, or an athlete is broken', async () => {
    const file = JSON.parse(text);
    file.sessions[0].chunks[0].angleDeg = encode(new Float64Array(3));
    await refused(JSON.stringify(file), /damaged \(session 1: .*chunk 0 is not pairs of times and angles\)/);
    const noted = JSON.parse(text);
    noted.sessions[0].record.notes = [{ atUs: 0, rpe: 12, note: '' }];
    await refused(JSON.stringify(noted), /damaged \(session 1: RPE must be a whole number from 1 to 10/);
    const athlete = JSON.parse(text);
    athlete.athletes[0].bodyMass = -5;
    await refused(JSON.stringify(athlete), /damaged \(athlete 1: athlete .*body mass/);
  });
});
