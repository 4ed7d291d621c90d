/**
 * Two copies of the log made one, losing nothing: the rules a restore and a sync both merge by
 * (docs/behaviour.md §10). One module for both sides: the app merges a backup file or what the
 * team server sends into its journal with it, and the team server merges what a device pushes
 * into its store with it.
 *
 * A record is a set of registers, each a field (or a group of fields that only change together)
 * with the stamp of its last edit (stamp.ts); merging two copies keeps, register by register, the
 * value of the later edit. Sample chunks and link gaps are written once and only ever added. So
 * the merge is a join: it gives the same result whatever the order and grouping of the copies,
 * and merging a copy again changes nothing, which is what lets a device and a server exchange
 * records in any order, retry any of them, and all end with the same log.
 *
 * - An athlete: `name`, `bodyMass`, `archived`, and each of their settings (`settings.<key>`)
 *   one register each; `createdAt` the earliest.
 * - A custom exercise: `name`, `massShare`, `radius`, `movingPulley`, `archived`.
 * - A session: `recording` (what the recording device writes as it records: times, settings,
 *   loads, plates, unit, summary; one device records a session, so these change together),
 *   `tags` (who did what, over the session's clock), `sets` (the sets' records). Its notes: each
 *   entry is known by its time on the session's clock (`atUs`), and its RPE and note are two
 *   registers; an entry sets only the fields it has a stamp for, and a set's RPE and note are
 *   those of the latest stamped edit among its entries (rules/setTags.ts `notesBySet`). An
 *   athlete's sets taken out of the session (`removedAthletes`) stay out.
 * - Today's order (the coach's): one register for the whole order.
 * - A deleted session is a tombstone, and stays deleted: a copy of it from a device that has not
 *   heard of the deletion does not bring it back.
 * Two edits with the same stamp (only records kept before stamps, with the same modification
 * time, can have one) are ordered by their values, so every device picks the same one.
 * `modifiedAt`, the wall-clock time shown and indexed, is the later of the two copies'.
 */
import type { Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import type { SetNote } from '../rules/setTags';
import type { ChunkRecord, GapRecord, OrderRecord, SessionRecord } from './records';
import { athleteRegisters, canonical, EXERCISE_REGISTERS, SESSION_REGISTERS, stampOf, type Register, type Stamps } from './registers';
import type { Stamp } from './stamp';

export { canonical, type Stamps };

/** A session deleted for good: only its id and the stamp of the deletion are kept. */
export interface SessionTombstone {
  id: string;
  deleted: Stamp;
  /** ms since the epoch of the deletion, on the deleting device's clock. */
  modifiedAt: number;
}

export type SessionCopy = SessionRecord | SessionTombstone;

export function isTombstone(copy: SessionCopy): copy is SessionTombstone {
  return 'deleted' in copy && typeof copy.deleted === 'string';
}

/** Which of two values of a register wins: the later stamp, then the greater value. */
function laterOf(a: { stamp: Stamp; value: unknown }, b: { stamp: Stamp; value: unknown }): 'a' | 'b' {
  if (a.stamp !== b.stamp) return b.stamp > a.stamp ? 'b' : 'a';
  return canonical(b.value) > canonical(a.value) ? 'b' : 'a';
}

/** Merges `registers` of two copies: starts from `base` (the copy whose other fields are kept) and takes each register's later value. */
function mergeRegisters<T extends { stamps?: Stamps; modifiedAt: number }>(a: T, b: T, registers: readonly Register<T>[], base: T): T {
  const stamps: Record<string, Stamp> = {};
  let out = base;
  for (const register of registers) {
    const fromA = { stamp: stampOf(a, register.name), value: register.get(a) };
    const fromB = { stamp: stampOf(b, register.name), value: register.get(b) };
    const winner = laterOf(fromA, fromB) === 'a' ? fromA : fromB;
    out = register.set(out, winner.value);
    stamps[register.name] = winner.stamp;
  }
  return { ...out, stamps, modifiedAt: Math.max(a.modifiedAt, b.modifiedAt) };
}

/** The copy to build on: the one whose register stamps are later overall (fields outside the registers come from it). */
function baseOf<T extends { stamps?: Stamps; modifiedAt: number }>(a: T, b: T, registers: readonly Register<T>[]): T {
  const latest = (r: T) => registers.reduce((max, reg) => (stampOf(r, reg.name) > max ? stampOf(r, reg.name) : max), '');
  const [la, lb] = [latest(a), latest(b)];
  if (la !== lb) return lb > la ? b : a;
  return canonical(b) > canonical(a) ? b : a;
}

// ---- athletes -------------------------------------------------------------------------------

/** Two copies of one athlete made one (see the module comment). */
export function mergeAthletes(a: Athlete, b: Athlete): Athlete {
  sameId(a, b);
  const registers = athleteRegisters(a, b);
  const merged = mergeRegisters(a, b, registers, baseOf(a, b, registers));
  return { ...merged, createdAt: Math.min(a.createdAt, b.createdAt) };
}

/** An athlete with a stamp for every register: what a merge gives, and what the journal keeps. */
export function stampedAthlete(a: Athlete): Athlete {
  return mergeAthletes(a, a);
}

// ---- exercises ------------------------------------------------------------------------------

/** Two copies of one custom exercise made one. */
export function mergeExercises(a: Exercise, b: Exercise): Exercise {
  sameId(a, b);
  return mergeRegisters(a, b, EXERCISE_REGISTERS, baseOf(a, b, EXERCISE_REGISTERS));
}

export function stampedExercise(e: Exercise): Exercise {
  return mergeExercises(e, e);
}

// ---- sessions -------------------------------------------------------------------------------

const NOTE_FIELDS = ['rpe', 'note'] as const;

/** A note entry's stamp for `field`: its own; for an entry kept before stamps, its session's last change; none where it does not set that field. */
function noteStamp(note: SetNote, field: (typeof NOTE_FIELDS)[number], record: SessionRecord): Stamp | null {
  if (note.stamps === undefined) return stampOf(record, 'notes');
  return note.stamps[field] ?? null;
}

/** The notes of both copies, entry by entry (known by `atUs`) and field by field. */
function mergeNotes(a: SessionRecord, b: SessionRecord): SetNote[] | undefined {
  if (a.notes === undefined && b.notes === undefined) return undefined;
  const entries = new Map<number, { note: SetNote; record: SessionRecord }[]>();
  for (const record of [a, b]) for (const note of record.notes ?? []) entries.set(note.atUs, [...(entries.get(note.atUs) ?? []), { note, record }]);
  const merged: SetNote[] = [];
  for (const [atUs, copies] of entries) {
    const note: SetNote = { atUs, rpe: null, note: '' };
    const stamps: { rpe?: Stamp; note?: Stamp } = {};
    for (const f of NOTE_FIELDS) {
      let winner: { stamp: Stamp; value: unknown } | null = null;
      for (const copy of copies) {
        const stamp = noteStamp(copy.note, f, copy.record);
        if (stamp === null) continue;
        const candidate = { stamp, value: copy.note[f] };
        if (winner === null || laterOf(winner, candidate) === 'b') winner = candidate;
      }
      if (winner === null) continue;
      (note as unknown as Record<string, unknown>)[f] = winner.value;
      stamps[f] = winner.stamp;
    }
    merged.push({ ...note, stamps });
  }
  return merged.sort((x, y) => x.atUs - y.atUs);
}

/** Athletes taken out of a session: every removal of either copy (the earlier stamp of two for one athlete). */
function mergeRemoved(a: SessionRecord, b: SessionRecord): Record<string, Stamp> | undefined {
  if (a.removedAthletes === undefined && b.removedAthletes === undefined) return undefined;
  const out: Record<string, Stamp> = { ...a.removedAthletes };
  for (const [athleteId, stamp] of Object.entries(b.removedAthletes ?? {})) {
    const have = out[athleteId];
    out[athleteId] = have === undefined || stamp < have ? stamp : have;
  }
  return Object.fromEntries(Object.entries(out).sort(([x], [y]) => (x < y ? -1 : 1)));
}

/** Two copies of one session record made one (see the module comment). */
export function mergeSessions(a: SessionRecord, b: SessionRecord): SessionRecord {
  sameId(a, b);
  const merged = mergeRegisters(a, b, SESSION_REGISTERS, baseOf(a, b, SESSION_REGISTERS));
  const notes = mergeNotes(a, b);
  const removed = mergeRemoved(a, b);
  const out: SessionRecord = { ...merged, stamps: { ...merged.stamps } };
  delete out.notes;
  delete out.removedAthletes;
  return { ...out, ...(notes === undefined ? {} : { notes }), ...(removed === undefined ? {} : { removedAthletes: removed }) };
}

/** Two copies of one session, either of them perhaps deleted: a deletion wins, and the earlier deletion of two. */
export function mergeSessionCopies(a: SessionCopy, b: SessionCopy): SessionCopy {
  sameId(a, b);
  if (isTombstone(a) && isTombstone(b)) {
    if (a.deleted !== b.deleted) return a.deleted < b.deleted ? { ...a } : { ...b };
    return { ...a, modifiedAt: Math.max(a.modifiedAt, b.modifiedAt) };
  }
  if (isTombstone(a)) return { ...a };
  if (isTombstone(b)) return { ...b };
  return mergeSessions(a, b);
}

export function stampedSession(r: SessionRecord): SessionRecord {
  return mergeSessions(r, r);
}

// ---- today's order ---------------------------------------------------------------------------

/** Two copies of the team's order made one: the later edit's. */
export function mergeOrders(a: OrderRecord, b: OrderRecord): OrderRecord {
  const winner = laterOf({ stamp: a.stamp, value: a.order }, { stamp: b.stamp, value: b.order }) === 'a' ? a : b;
  return { order: winner.order, stamp: winner.stamp, modifiedAt: Math.max(a.modifiedAt, b.modifiedAt) };
}

// ---- samples --------------------------------------------------------------------------------

/** What merging one session's written-once records (chunks or gaps) with more of them adds, and the ones that disagree with those kept. */
export interface WrittenOnceMerge<R> {
  /** Records of `incoming` the kept ones lack, in `seq` order. */
  added: R[];
  /** `seq`s where `incoming` holds other content than the kept record: the kept one stays. */
  conflicts: number[];
}

/**
 * Chunks or gaps of one session: `incoming` records that `kept` lacks are added; none is ever
 * removed or replaced. One device records a session, so two records with one `seq` hold the same
 * samples; where they do not (a damaged copy), the kept one stays and the `seq` is reported.
 */
export function mergeWrittenOnce<R extends ChunkRecord | GapRecord>(kept: readonly R[], incoming: readonly R[]): WrittenOnceMerge<R> {
  const have = new Map(kept.map((r) => [r.seq, r]));
  const added: R[] = [];
  const conflicts: number[] = [];
  for (const record of [...incoming].sort((x, y) => x.seq - y.seq)) {
    const mine = have.get(record.seq);
    if (mine === undefined) {
      added.push(record);
      have.set(record.seq, record);
    } else if (canonical(mine) !== canonical(record)) {
      conflicts.push(record.seq);
    }
  }
  return { added, conflicts };
}

function sameId(a: { id: string }, b: { id: string }): void {
  if (a.id !== b.id) throw new Error(`two different records (${a.id} and ${b.id}) cannot be merged`);
}
