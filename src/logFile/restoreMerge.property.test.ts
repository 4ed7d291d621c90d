/**
 * The merge rules as properties of the real thing (docs/behaviour.md §10): copies of one log,
 * each a backup file, restored through the journal (fake-indexeddb) and the streaming restore, in
 * any order and any number of times, on two fresh devices, give the same log on both, and lose
 * nothing: every chunk any copy held is kept, each RPE and note is the one of its latest stamped
 * edit among the copies, every athlete taken out stays out, and a session deleted in any copy is
 * deleted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ATHLETE_SETTINGS, type Athlete } from '../rules/athletes';
import { notesBySet, type SetNote } from '../rules/setTags';
import { encode } from '../log/codec';
import { canonical, type SessionTombstone } from '../log/merge';
import type { ChunkRecord, SessionRecord } from '../log/records';
import { makeStamp, type Stamp } from '../log/stamp';
import type { JournalStore } from '../journal/store';
import { freshStore, START } from '../journal/testKit';
import { restoreBackup } from './backup';

const SESSIONS = ['s1', 's2'];
const SET_STARTS = [1_000, 5_000];
const stampArb: fc.Arbitrary<Stamp> = fc.record({ ms: fc.integer({ min: 1, max: 5 }), count: fc.integer({ min: 0, max: 1 }), node: fc.constantFrom('a', 'b', 'c') }).map(({ ms, count, node }) => makeStamp({ ms, count }, node));

/** Chunk `seq` of session `id`: the same samples in every copy that holds it (one device recorded them). */
const chunk = (id: string, seq: number): ChunkRecord => ({ sessionId: id, seq, timeUs: Float64Array.from([seq * 1e6, seq * 1e6 + 5e3]), angleDeg: Float64Array.from([seq, -seq - 0.5]) });

const athleteArb = fc
  .record({ name: fc.constantFrom('Ana', 'Anna'), bodyMass: fc.constantFrom(60, 70), repGoal: fc.constantFrom(null, 5), stamps: fc.record({ name: stampArb, bodyMass: stampArb, 'settings.repGoal': stampArb }) })
  .map(({ name, bodyMass, repGoal, stamps }): Athlete => ({ id: 'ana', name, bodyMass, archived: false, settings: { ...DEFAULT_ATHLETE_SETTINGS, repGoal }, createdAt: 1, modifiedAt: 1, stamps }));

const noteArb: fc.Arbitrary<SetNote> = fc
  .record({ atUs: fc.constantFrom(...SET_STARTS), rpe: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }), note: fc.constantFrom('', 'tired', 'good depth'), rpeAt: fc.option(stampArb, { nil: undefined }), noteAt: fc.option(stampArb, { nil: undefined }) })
  .map(({ rpeAt, noteAt, ...note }) => ({ ...note, stamps: { ...(rpeAt === undefined ? {} : { rpe: rpeAt }), ...(noteAt === undefined ? {} : { note: noteAt }) } }));

const sessionArb = (id: string): fc.Arbitrary<{ record: SessionRecord | SessionTombstone; chunks: number }> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.record({ reps: fc.integer({ min: 0, max: 9 }), notes: fc.array(noteArb, { maxLength: 3 }), removed: fc.option(stampArb, { nil: undefined }), stamps: fc.record({ recording: stampArb, tags: stampArb, sets: stampArb }), chunks: fc.integer({ min: 0, max: 4 }) }).map(({ reps, notes, removed, stamps, chunks }) => ({
      record: {
        ...START,
        settings: { ...START.settings, tags: [{ fromUs: Number.NEGATIVE_INFINITY, athleteId: 'ana', exerciseId: 'builtin:squat' }, { fromUs: 4_000, athleteId: 'ben', exerciseId: 'builtin:squat' }] },
        id,
        startedAt: 1,
        finishedAt: 2,
        summary: { reps, best: null },
        modifiedAt: 2,
        notes: [...new Map(notes.map((n) => [n.atUs, n])).values()].sort((x, y) => x.atUs - y.atUs),
        stamps,
        ...(removed === undefined ? {} : { removedAthletes: { ben: removed } }),
      } satisfies SessionRecord,
      chunks,
    })) },
    { weight: 1, arbitrary: stampArb.map((deleted) => ({ record: { id, deleted, modifiedAt: 3 } satisfies SessionTombstone, chunks: 0 })) },
  );

/** One copy of the log: the athlete, each session (or its deletion) with a prefix of its chunks. */
const copyArb = fc.record({ athlete: athleteArb, sessions: fc.tuple(...SESSIONS.map(sessionArb)) });
type Copy = typeof copyArb extends fc.Arbitrary<infer T> ? T : never;

/** The copy as a backup file of format 3. */
function fileOf(copy: Copy): Blob {
  const kept = copy.sessions.filter((s) => !('deleted' in s.record));
  const deleted = copy.sessions.filter((s) => 'deleted' in s.record).map((s) => s.record);
  const sessions = kept.map(({ record, chunks }) => ({ record, chunks: Array.from({ length: chunks }, (_, seq) => chunk(record.id, seq)), gaps: [] }));
  const text = JSON.stringify(encode({ format: 'repline-backup', version: 3, exportedAt: '', athletes: [copy.athlete], exercises: [], order: null, deleted, sessions }));
  return new Blob([text]);
}

async function logOf(store: JournalStore) {
  const sessions = (await store.sessions()).sort((a, b) => (a.id < b.id ? -1 : 1));
  const chunks = await Promise.all(SESSIONS.map((id) => store.chunks(id)));
  return { sessions, chunks, athletes: await store.athletes(), tombstones: (await store.tombstones()).sort((a, b) => (a.id < b.id ? -1 : 1)) };
}

/** The value of the latest stamped edit of `field` among the entries of every copy for set `at`. */
function latest(copies: readonly Copy[], id: string, at: number, field: 'rpe' | 'note'): unknown {
  let best: { stamp: Stamp; value: unknown } | null = null;
  for (const copy of copies) {
    const record = copy.sessions.find((s) => s.record.id === id)!.record;
    for (const n of 'notes' in record ? (record.notes ?? []) : []) {
      const stamp = n.stamps?.[field];
      if (n.atUs !== at || stamp === undefined) continue;
      if (best === null || stamp > best.stamp || (stamp === best.stamp && canonical(n[field]) > canonical(best.value))) best = { stamp, value: n[field] };
    }
  }
  return best?.value;
}

describe('restoring copies of one log', () => {
  it('in any order, any number of times, gives the same log on every device and loses no note, RPE or chunk', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(copyArb, { minLength: 2, maxLength: 3 }).chain((copies) =>
          fc.tuple(fc.constant(copies), ...[0, 1].map(() => fc.array(fc.integer({ min: 0, max: copies.length - 1 }), { minLength: copies.length, maxLength: copies.length + 2 }).chain((extra) => fc.shuffledSubarray([...copies.keys(), ...extra], { minLength: copies.length + extra.length })))),
        ),
        async ([copies, orderX, orderY]) => {
          // Every copy restored at least once on each device (orders hold every index, some twice).
          fc.pre(copies.every((_, i) => orderX!.includes(i) && orderY!.includes(i)));
          const logs = [];
          for (const order of [orderX!, orderY!]) {
            const store = await freshStore();
            for (const i of order) await restoreBackup(store, fileOf(copies[i]!));
            logs.push(await logOf(store));
            store.close();
          }
          const [x, y] = logs as [Awaited<ReturnType<typeof logOf>>, Awaited<ReturnType<typeof logOf>>];
          expect(canonical(x)).toBe(canonical(y));
          expect(x.athletes.map((a) => a.id)).toEqual(['ana']);

          for (const [i, id] of SESSIONS.entries()) {
            const deleted = copies.some((c) => 'deleted' in c.sessions[i]!.record);
            const record = x.sessions.find((s) => s.id === id);
            expect(record === undefined).toBe(deleted);
            if (record === undefined) {
              expect(x.chunks[i]).toEqual([]);
              continue;
            }
            // Every chunk any copy held.
            expect(x.chunks[i]!.length).toBe(Math.max(...copies.map((c) => c.sessions[i]!.chunks)));
            for (const at of SET_STARTS) {
              const shown = notesBySet(record.notes ?? [], SET_STARTS).get(SET_STARTS.indexOf(at));
              expect(shown?.rpe ?? null).toEqual(latest(copies, id, at, 'rpe') ?? null);
              expect(shown?.note ?? '').toEqual(latest(copies, id, at, 'note') ?? '');
            }
            const removed = copies.some((c) => (c.sessions[i]!.record as SessionRecord).removedAthletes?.ben !== undefined);
            expect(record.removedAthletes?.ben !== undefined).toBe(removed);
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
