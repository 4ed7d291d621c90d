/**
 * Edits made on this device, stamped at their source (docs/behaviour.md §10): a local write of a
 * record gives the stamp of the edit to every register whose value it changed against the copy
 * kept, and leaves every other register with its own stamp, so that a later merge with another
 * copy keeps this edit exactly where it changed something and nowhere else. Notes are stamped
 * entry by entry and field by field by rules/setTags.ts `withNote`; an athlete taken out of a
 * session, a deleted session and today's order carry the stamp of their edit whole.
 *
 * Also here: every stamp a copy carries (`stampsIn`), for the edit clock to observe what comes
 * in from a file or the team server, and a copy with its stamps replaced (`mapStamps`: edits the
 * team server refused as stamped in the future, given their time again, docs/sync.md §8).
 */
import type { Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import type { TeamOrder } from '../rules/teamOrder';
import type { SessionCopy, SessionTombstone } from './merge';
import { isTombstone } from './merge';
import type { OrderRecord, SessionRecord } from './records';
import { athleteRegisters, canonical, EXERCISE_REGISTERS, SESSION_REGISTERS, stampOf, type Register, type Stamps } from './registers';
import type { Stamp } from './stamp';

/** `after` with `stamp` on every register whose value differs from `before`'s (every register of a new record). */
function stampChanged<T extends { stamps?: Stamps; modifiedAt: number }>(before: T | undefined, after: T, registers: readonly Register<T>[], stamp: Stamp): T {
  const stamps: Record<string, Stamp> = {};
  for (const register of registers) {
    const same = before !== undefined && canonical(register.get(before)) === canonical(register.get(after));
    stamps[register.name] = same ? stampOf(before, register.name) : stamp;
  }
  return { ...after, stamps };
}

/** An athlete as edited here (`after`) against the copy kept (`before`, none for a new one). */
export function editAthlete(before: Athlete | undefined, after: Athlete, stamp: Stamp): Athlete {
  const registers = before === undefined ? athleteRegisters(after) : athleteRegisters(before, after);
  const edited = stampChanged(before, after, registers, stamp);
  return before === undefined ? edited : { ...edited, createdAt: Math.min(before.createdAt, after.createdAt) };
}

/** A custom exercise as edited here against the copy kept. */
export function editExercise(before: Exercise | undefined, after: Exercise, stamp: Stamp): Exercise {
  return stampChanged(before, after, EXERCISE_REGISTERS, stamp);
}

/**
 * A session record as written here (the recorder, the sets' records of an older session) against
 * the copy kept: its registers stamped where they changed. Its notes and the athletes taken out
 * of it change by their own edits (`withNote`, `removeAthleteFrom`), so the kept copy's stay; a
 * new record's notes, if any, are stamped whole.
 */
export function editSession(before: SessionRecord | undefined, after: SessionRecord, stamp: Stamp): SessionRecord {
  const edited: SessionRecord = stampChanged(before, after, SESSION_REGISTERS, stamp);
  delete edited.notes;
  delete edited.removedAthletes;
  const notes = before === undefined ? after.notes?.map((n) => (n.stamps === undefined ? { ...n, stamps: { rpe: stamp, note: stamp } } : n)) : before.notes;
  const removed = before === undefined ? after.removedAthletes : before.removedAthletes;
  return { ...edited, ...(notes === undefined ? {} : { notes }), ...(removed === undefined ? {} : { removedAthletes: removed }) };
}

/** `athleteId`'s sets taken out of the session (kept out if they already were, with the earlier stamp). */
export function removeAthleteFrom(record: SessionRecord, athleteId: string, stamp: Stamp, now: number): SessionRecord {
  if (record.removedAthletes?.[athleteId] !== undefined) return record;
  const removedAthletes = Object.fromEntries(Object.entries({ ...record.removedAthletes, [athleteId]: stamp }).sort(([x], [y]) => (x < y ? -1 : 1)));
  return { ...record, removedAthletes, modifiedAt: Math.max(record.modifiedAt, now) };
}

/**
 * `record` with the sets of the athletes in `from` given to `to`, its tag spans and its sets'
 * records alike, or null when it holds no set of theirs to give: a phone's own athletes' sessions
 * counted as the athlete it trains for in a team (docs/sync.md §10). Sets taken out of the session
 * stay nobody's (their spans keep their athlete), and a session `to` was taken out of is left
 * alone, or the sets given would vanish with that removal. The figures stay: each span keeps the
 * mass and radius its reps were computed with. Not stamped: `editSession` stamps what changed.
 */
export function reassignedSets(record: SessionRecord, from: ReadonlySet<string>, to: string): SessionRecord | null {
  const removed = record.removedAthletes ?? {};
  if (removed[to] !== undefined) return null;
  const moves = (athleteId: string) => from.has(athleteId) && athleteId !== to && removed[athleteId] === undefined;
  const tags = record.settings.tags;
  if (!(tags ?? []).some((t) => moves(t.athleteId))) return null;
  const settings = { ...record.settings, tags: tags!.map((t) => (moves(t.athleteId) ? { ...t, athleteId: to } : t)) };
  const sets = record.sets?.map((s) => (moves(s.athleteId) ? { ...s, athleteId: to } : s));
  return { ...record, settings, ...(sets === undefined ? {} : { sets }) };
}

/** A session deleted here. */
export function deletion(id: string, stamp: Stamp, now: number): SessionTombstone {
  return { id, deleted: stamp, modifiedAt: now };
}

/** Today's order as set here (null: cleared). */
export function orderEdit(order: TeamOrder | null, stamp: Stamp, now: number): OrderRecord {
  return { order, stamp, modifiedAt: now };
}

/** Every stamp `copy` carries (its registers', its notes' fields', its removals', a deletion's, an order's). */
export function stampsIn(copy: Athlete | Exercise | SessionCopy | OrderRecord): Stamp[] {
  if ('stamp' in copy && typeof copy.stamp === 'string') return [copy.stamp];
  if (isTombstone(copy as SessionCopy)) return [(copy as SessionTombstone).deleted];
  const record = copy as { stamps?: Stamps; notes?: SessionRecord['notes']; removedAthletes?: Stamps };
  const notes = (record.notes ?? []).flatMap((n) => Object.values(n.stamps ?? {}));
  return [...Object.values(record.stamps ?? {}), ...notes, ...Object.values(record.removedAthletes ?? {})];
}

/** `copy` with every stamp it carries (those `stampsIn` lists) replaced by `map`'s value for it; its values unchanged. */
export function mapStamps<T extends Athlete | Exercise | SessionCopy | OrderRecord>(copy: T, map: (stamp: Stamp) => Stamp): T {
  const each = (stamps: Stamps | undefined) => (stamps === undefined ? undefined : Object.fromEntries(Object.entries(stamps).map(([k, v]) => [k, map(v)])));
  if ('stamp' in copy && typeof copy.stamp === 'string') return { ...copy, stamp: map(copy.stamp) };
  if (isTombstone(copy as SessionCopy)) return { ...copy, deleted: map((copy as SessionTombstone).deleted) };
  const record = copy as { stamps?: Stamps; notes?: SessionRecord['notes']; removedAthletes?: Stamps };
  const out: Record<string, unknown> = { ...copy };
  if (record.stamps !== undefined) out.stamps = each(record.stamps);
  if (record.notes !== undefined) out.notes = record.notes.map((n) => (n.stamps === undefined ? n : { ...n, stamps: each(n.stamps) }));
  if (record.removedAthletes !== undefined) out.removedAthletes = each(record.removedAthletes);
  return out as T;
}
