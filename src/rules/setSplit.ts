/**
 * Where a session's sets begin: at a rest longer than the set rest between one rep's end of
 * movement and the next rep's start, and at a change of load (plates or boost, rules/loads.ts)
 * between them. rules/sets.ts has the why and the per-set figures. Kept apart and small: the
 * Workout screen needs the set in progress from start-up.
 */
import type { Rep, Turn } from '../engine/types';
import { loadAt, type LoadSpan } from './loads';

/** How a session splits: the set rest, s, and the session's loads (none: one load throughout). */
export interface SetBreaks {
  restS: number;
  loads?: readonly LoadSpan[];
}

/** Whether a rep starting at `startUs` begins a new set after a rep that ended at `previousEndUs`. */
function breaksSet(previousEndUs: number, previousStartUs: number, startUs: number, how: SetBreaks): boolean {
  if ((startUs - previousEndUs) / 1e6 > how.restS) return true;
  const loads = how.loads ?? [];
  return loads.length > 1 && loadAt(loads, previousStartUs) !== loadAt(loads, startUs);
}

/** The reps cut into sets at long rests and load changes. */
export function splitSets<R extends Pick<Rep, 'startUs' | 'endUs'>>(reps: readonly R[], how: SetBreaks): R[][] {
  const sets: R[][] = [];
  for (const rep of reps) {
    const current = sets.at(-1);
    const previous = current?.at(-1);
    if (current === undefined || previous === undefined || breaksSet(previous.endUs, previous.startUs, rep.startUs, how)) sets.push([rep]);
    else current.push(rep);
  }
  return sets;
}

/**
 * The set in progress, numbered from 0 so that its first reps are its warmup (a flywheel is
 * spun up at the start of every set): the reps after the last set break, and the rep under way,
 * which starts a new set when a break comes before it.
 */
export function currentSet(reps: readonly Rep[], turn: Turn | null, how: SetBreaks): { reps: Rep[]; turn: Turn | null } {
  const last = reps.at(-1);
  if (turn !== null && (last === undefined || breaksSet(last.endUs, last.startUs, turn.startUs, how))) {
    return { reps: [], turn: { ...turn, index: 0 } };
  }
  const set = splitSets(reps, how).at(-1) ?? [];
  const base = set[0]?.index ?? 0;
  return {
    reps: set.map((rep) => ({ ...rep, index: rep.index - base })),
    turn: turn === null ? null : { ...turn, index: turn.index - base },
  };
}
