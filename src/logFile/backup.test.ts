/**
 * Back up the whole log and restore it: the log of the version-3 fixture (four sessions: a rated
 * one, a coach's session of two athletes with a link drop and notes, a restored athlete's, an
 * unfinished one), migrated, goes to a file and comes back on an empty device the same, bit for
 * bit; restoring merges per record and per field (docs/behaviour.md §10) and never duplicates; a
 * bad file changes nothing and says why.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { encode } from '../log/codec';
import type { SessionRecord } from '../log/records';
import { notesBySet } from '../rules/setTags';
import { findUnfinished } from '../journal/archive';
import { JOURNAL_DB_NAME, openJournalStore, type JournalStore } from '../journal/store';
import fixture from '../journal/testing/journal-v3.json';
import { loadDatabase, type DatabaseDump } from '../journal/testing/idbDump';
import { sameFloats } from '../journal/testKit';
import { backupFile, BackupError, restoreBackup } from './backup';

const NOW = new Date(Date.UTC(2025, 8, 10, 12));
const [A, B, C, D] = ['d4e5f6a7-0001-4f00-8000-000000000001', 'd4e5f6a7-0002-4f00-8000-000000000002', 'd4e5f6a7-0003-4f00-8000-000000000003', 'd4e5f6a7-0004-4f00-8000-000000000004'];

/** The fixture's log, migrated: the device being backed up. */
async function oldDevice(): Promise<JournalStore> {
  globalThis.indexedDB = new IDBFactory();
  await loadDatabase(globalThis.indexedDB, fixture.database as DatabaseDump);
  return openJournalStore(JOURNAL_DB_NAME, { legacySettings: () => null, newId: () => 'never-used', now: () => NOW.getTime() });
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
    deleted: await store.tombstones(),
  };
}

const restore = (store: JournalStore, file: string | Blob) => restoreBackup(store, typeof file === 'string' ? new Blob([file]) : file);

let text: string;
let before: Awaited<ReturnType<typeof contents>>;
beforeEach(async () => {
  const store = await oldDevice();
  text = await (await backupFile(store, NOW)).blob.text();
  before = await contents(store);
  store.close();
});

describe('backing up and restoring the whole log', () => {
  it('writes one versioned file holding every athlete, exercise and session, with their stamps', () => {
    const file = JSON.parse(text);
    expect([file.format, file.version, file.exportedAt]).toEqual(['repline-backup', 3, '2025-09-10T12:00:00.000Z']);
    expect([file.athletes.length, file.exercises.length, file.sessions.length, file.deleted, file.order]).toEqual([3, 1, 4, [], null]);
    expect(Object.keys(file.sessions[0].record.stamps)).toEqual(['recording', 'tags', 'sets']);
  });

  it('brings every session, chunk, gap, athlete and exercise back on an empty device, bit for bit', async () => {
    const store = await newDevice();
    const report = await restore(store, text);
    expect(report.sessions).toEqual({ added: 4, updated: 0, unchanged: 0, deleted: 0, stayDeleted: 0 });
    expect(report.samples).toEqual({ added: 51 + 1, unchanged: 0, conflicts: 0 });
    const after = await contents(store);
    expect(after.sessions).toEqual(before.sessions);
    expect(after.gaps).toEqual(before.gaps);
    expect(after.chunks.map((list) => list.length)).toEqual(before.chunks.map((list) => list.length));
    after.chunks.flat().forEach((chunk, i) => {
      const old = before.chunks.flat()[i]!;
      expect(sameFloats(chunk.timeUs, old.timeUs) && sameFloats(chunk.angleDeg, old.angleDeg)).toBe(true);
    });
    // The new device's own untouched first athlete gives way to the restored ones: no second "Athlete 1".
    expect(after.athletes).toEqual(before.athletes);
    expect(after.exercises).toEqual(before.exercises);
  });

  it('never duplicates: restoring the same file again changes nothing', async () => {
    const store = await newDevice();
    await restore(store, text);
    const once = await contents(store);
    const again = await restore(store, text);
    expect(again.sessions).toEqual({ added: 0, updated: 0, unchanged: 4, deleted: 0, stayDeleted: 0 });
    expect(again.samples).toEqual({ added: 0, unchanged: 52, conflicts: 0 });
    expect(await contents(store)).toEqual(once);
  });

  it('offers no unfinished session of the file for recovery: it is no crash of this device', async () => {
    const store = await newDevice();
    await restore(store, text);
    expect((await store.session(D))?.finishedAt).toBeNull();
    expect(await findUnfinished(store)).toEqual([]);
  });

  it('keeps a device’s own athlete beside the restored ones once they were renamed', async () => {
    const store = await newDevice();
    const [mine] = await store.athletes();
    await store.write([{ kind: 'athlete', record: { ...mine!, name: 'Cy' } }]);
    await restore(store, text);
    expect((await store.athletes()).map((a) => a.name).sort()).toEqual(['Ana', 'Cleo', 'Cy', 'Dan']);
  });

  it('replaces the untouched first athlete even after the settings on screen were kept with them', async () => {
    const store = await newDevice();
    const [mine] = await store.athletes();
    // What the team does at every start: the settings on this device kept with the athlete up.
    await store.write([{ kind: 'athlete', record: { ...mine!, settings: { ...mine!.settings, repGoal: 6 } } }]);
    await restore(store, text);
    expect((await store.athletes()).map((a) => a.name).sort()).toEqual(['Ana', 'Cleo', 'Dan']);
  });
});

describe('restoring merges per record and per field', () => {
  /** The file's copy of session `id`, changed by `edit`, as another device would have sent it. */
  const fileWith = (id: string, edit: (record: SessionRecord & Record<string, unknown>, session: { chunks: unknown[]; gaps: unknown[] }) => void): string => {
    const file = JSON.parse(text);
    const session = file.sessions.find((s: { record: { id: string } }) => s.record.id === id);
    edit(session.record, session);
    return JSON.stringify(file);
  };
  const later = (stamp: string) => `${String(Number(stamp.slice(0, 15)) + 60_000).padStart(15, '0')}-000000-phone`;

  it('keeps an RPE given here and a note written on another device for the same set', async () => {
    const store = await newDevice();
    await restore(store, text);
    const kept = (await store.session(B))!;
    const starts = kept.sets!.map((s) => s.startUs);
    // Here: the second set's RPE changes to 9.
    await store.write([{ kind: 'rate', sessionId: B, note: { atUs: starts[1]!, rpe: 9, note: 'elbows in' }, setStarts: starts }]);
    // There, later still: the same set's note rewritten, its RPE untouched.
    const phone = fileWith(B, (record) => {
      const notes = record.notes as { atUs: number; note: string; stamps: { note: string } }[];
      const second = notes.find((n) => n.atUs === starts[1])!;
      second.note = 'elbows in, slow eccentric';
      second.stamps = { ...second.stamps, note: `${String(Date.now() + 3_600_000).padStart(15, '0')}-000000-phone` };
    });
    await restore(store, phone);
    const merged = (await store.session(B))!;
    expect(notesBySet(merged.notes!, starts).get(1)).toEqual({ rpe: 9, note: 'elbows in, slow eccentric' });
    expect(notesBySet(merged.notes!, starts).get(0)).toEqual({ rpe: 8, note: 'good depth' });
  });

  it('never loses chunks to a later copy that holds none', async () => {
    const store = await newDevice();
    await restore(store, text);
    const bare = fileWith(A, (record, session) => {
      record.stamps = { ...(record.stamps as object), tags: later((record.stamps as { tags: string }).tags) };
      session.chunks = [];
    });
    const report = await restore(store, bare);
    expect(report.sessions.updated).toBe(1);
    expect(await store.chunkCount(A)).toBe(20);
  });

  it('keeps a session deleted here deleted when an older backup holding it is restored', async () => {
    const store = await newDevice();
    await restore(store, text);
    await store.remove(C);
    const report = await restore(store, text);
    expect(report.sessions).toMatchObject({ stayDeleted: 1, unchanged: 3, added: 0 });
    expect(report.ofDeleted).toBe(10);
    expect(await store.session(C)).toBeUndefined();
    expect(await store.chunkCount(C)).toBe(0);
  });

  it('deletes here a session the file says was deleted, with its samples', async () => {
    const other = await newDevice();
    await restore(other, text);
    await other.remove(A);
    const withDeletion = await (await backupFile(other, NOW)).blob.text();
    const store = await newDevice();
    await restore(store, text);
    const report = await restore(store, withDeletion);
    expect(report.sessions.deleted).toBe(1);
    expect([await store.session(A), await store.chunkCount(A)]).toEqual([undefined, 0]);
    expect((await store.tombstones()).map((t) => t.id)).toEqual([A]);
  });

  it('reads a version-2 file with stamps from its modification times, and brings a version-1 file’s tags up to date', async () => {
    const old = JSON.parse(text);
    delete old.deleted;
    delete old.order;
    for (const s of old.sessions) {
      delete s.record.stamps;
      s.record.notes = s.record.notes?.map(({ atUs, rpe, note }: { atUs: number; rpe: number; note: string }) => ({ atUs, rpe, note }));
      s.record.settings.tags = s.record.settings.tags.map(({ athleteId, exerciseId, fromUs }: Record<string, unknown>) => ({ athleteId, exerciseId, fromUs }));
    }
    for (const a of old.athletes) delete a.stamps;
    const store = await newDevice();
    await restore(store, JSON.stringify({ ...old, version: 1 }));
    const b = (await store.session(B))!;
    expect(b.stamps!.recording).toBe(`${String(b.modifiedAt).padStart(15, '0')}-000000-`);
    expect(b.notes!.map((n) => [n.rpe, n.note])).toEqual([[8, 'good depth'], [6, 'elbows in']]);
    expect(b.settings.tags!.every((t) => t.mass === b.settings.engine.mass && t.warmup === b.settings.workout.warmup)).toBe(true);
  });
});

describe('a file that cannot be restored', () => {
  const refused = async (file: string, sentence: RegExp) => {
    const store = await newDevice();
    await restore(store, text);
    const held = await contents(store);
    let error: unknown = null;
    try {
      await restore(store, file);
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
    await refused('', /^This file is not a Repline backup\.$/);
  });

  it('is called damaged when it is cut short anywhere after it says it is a backup, and nothing is written', async () => {
    for (const at of [40, Math.floor(text.length / 3), text.length - 2]) {
      await refused(text.slice(0, at), /^This backup is damaged \(its end: the file stops before the backup does: it was cut short\); nothing was restored\.$/);
    }
  });

  it('is called damaged when its text breaks in the middle', async () => {
    const at = text.indexOf('"chunks"', text.length / 2);
    await refused(`${text.slice(0, at)}#${text.slice(at + 1)}`, /^This backup is damaged \(its text: .*\); nothing was restored\.$/);
  });

  it('is refused when a newer version of the app wrote it', async () => {
    await refused(JSON.stringify({ ...JSON.parse(text), version: 4 }), /made by a newer version of Repline \(backup format 4\); update the app/);
  });

  it('is refused whole when one chunk of one session is missing, the device unchanged', async () => {
    const file = JSON.parse(text);
    file.sessions[1].chunks.splice(3, 1);
    await refused(JSON.stringify(file), /This backup is damaged \(session 2: chunk 3 is missing\); nothing was restored\./);
  });

  it('is refused when samples are not pairs, a note’s RPE is out of range, an athlete is broken or a stamp is not one', async () => {
    const file = JSON.parse(text);
    file.sessions[0].chunks[0].angleDeg = encode(new Float64Array(3));
    await refused(JSON.stringify(file), /damaged \(session 1, chunk 1: .*chunk 0 is not pairs of times and angles\)/);
    const noted = JSON.parse(text);
    noted.sessions[0].record.notes = [{ atUs: 0, rpe: 12, note: '' }];
    await refused(JSON.stringify(noted), /damaged \(session 1: RPE must be a whole number from 1 to 10/);
    const athlete = JSON.parse(text);
    athlete.athletes[0].bodyMass = -5;
    await refused(JSON.stringify(athlete), /damaged \(athlete 1: athlete .*body mass/);
    const stamped = JSON.parse(text);
    stamped.sessions[2].record.stamps.tags = 'zzz';
    await refused(JSON.stringify(stamped), /damaged \(session 3: .*the stamp of tags is not an edit stamp: zzz\)/);
  });
});
