/**
 * The coach's order for today: who trains and in what order. One tablet, a queue of athletes:
 * after each set the next athlete in the order comes up (with their own plates, targets and
 * exercise, rules/athleteWorkout.ts), and after the last the first again, as kMeter's app does.
 *
 * Decisions where the issue is silent:
 * - The order is for one day (the device's local date): a new day starts with no order, so
 *   yesterday's queue never picks today's first athlete.
 * - An athlete appears once; archived athletes cannot be put in it, and one archived (or unknown
 *   after a restore) is skipped when it comes up.
 * - Switching to someone by hand makes them current; the order carries on after them.
 * - With no order (a single athlete training), the current athlete stays.
 */
import type { Athlete } from './athletes';

export interface TeamOrder {
  /** Local date the order is for, YYYY-MM-DD. */
  day: string;
  athleteIds: readonly string[];
  /** Whose turn it is, one of `athleteIds`. */
  current: string;
}

/** A stored or received order as read back; throws a clear Error for anything that is not one. */
export function parseTeamOrder(raw: unknown): TeamOrder {
  const o = raw as Partial<TeamOrder> | null | undefined;
  if (typeof o !== 'object' || o === null) throw new Error('today’s order must be an object');
  if (typeof o.day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(o.day)) throw new Error(`today’s order needs its day as YYYY-MM-DD, got ${String(o.day)}`);
  const ids = o.athleteIds;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' && id.length > 0)) throw new Error('today’s order is not a list of athletes');
  if (new Set(ids).size !== ids.length) throw new Error('today’s order names an athlete twice');
  if (typeof o.current !== 'string' || !ids.includes(o.current)) throw new Error('whose turn it is must be one of today’s order');
  return { day: o.day, athleteIds: [...ids], current: o.current };
}

/** YYYY-MM-DD of `when` in the device's time zone. */
export function localDay(when: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`;
}

/** Today's order of `athleteIds`, the first one up; throws a clear Error for a list that cannot be trained. */
export function planOrder(athleteIds: readonly string[], roster: readonly Athlete[], today: string): TeamOrder {
  if (athleteIds.length === 0) throw new Error('Pick at least one athlete for today');
  const seen = new Set<string>();
  for (const id of athleteIds) {
    const athlete = roster.find((a) => a.id === id);
    if (athlete === undefined) throw new Error(`There is no athlete ${id} on this device`);
    if (athlete.archived) throw new Error(`${athlete.name} is archived: bring them back before they train`);
    if (seen.has(id)) throw new Error(`${athlete.name} is in today's order twice`);
    seen.add(id);
  }
  return { day: today, athleteIds: [...athleteIds], current: athleteIds[0]! };
}

/** The order if it is today's, else null (a new day starts without one). */
export function orderForToday(order: TeamOrder | null, today: string): TeamOrder | null {
  return order !== null && order.day === today ? order : null;
}

/** The order after a set: the next athlete who can train comes up (after the last, the first). */
export function afterSet(order: TeamOrder, roster: readonly Athlete[]): TeamOrder {
  const can = (id: string) => roster.some((a) => a.id === id && !a.archived);
  const ids = order.athleteIds;
  const at = ids.indexOf(order.current);
  for (let step = 1; step <= ids.length; step++) {
    const id = ids[(at + step) % ids.length]!;
    if (can(id)) return { ...order, current: id };
  }
  return order;
}

/** `athleteId` is up now (switched to by hand); the order carries on after them. */
export function switchTo(order: TeamOrder, athleteId: string): TeamOrder {
  if (!order.athleteIds.includes(athleteId)) throw new Error(`That athlete is not in today's order: add them first`);
  return { ...order, current: athleteId };
}

/** `athleteId` moved to position `to` (0-based, clamped) in the order. */
export function moveInOrder(order: TeamOrder, athleteId: string, to: number): TeamOrder {
  const rest = order.athleteIds.filter((id) => id !== athleteId);
  if (rest.length === order.athleteIds.length) throw new Error(`That athlete is not in today's order`);
  const at = Math.max(0, Math.min(rest.length, Math.trunc(to)));
  return { ...order, athleteIds: [...rest.slice(0, at), athleteId, ...rest.slice(at)] };
}

/** The order without `athleteId` (null when nobody is left); if it was their turn, the next one's. */
export function withoutAthlete(order: TeamOrder, athleteId: string): TeamOrder | null {
  const ids = order.athleteIds;
  const at = ids.indexOf(athleteId);
  if (at < 0) return order;
  const rest = ids.filter((id) => id !== athleteId);
  if (rest.length === 0) return null;
  const current = order.current === athleteId ? rest[at % rest.length]! : order.current;
  return { ...order, athleteIds: rest, current };
}
