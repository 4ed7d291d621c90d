/**
 * Where a session's sets begin: at a rest longer than the set rest between one rep's end of
 * movement and the next rep's start (rules/sets.ts has the why and the per-set figures). Kept
 * apart and small: the Workout screen needs the set in progress from start-up.
 */
import type { Rep, Turn } from '../engine/types';

/** The reps cut into sets at rests longer than `restS` seconds (a rep's end to the next one's start). */
export function splitSets<R extends Pick<Rep, 'startUs' | 'endUs'>>(reps: readonly R[], restS: number): R[][] {
  const sets: R[][] = [];
  for (const rep of reps) {
    const current = sets.at(-1);
    const previous = current?.at(-1);
    if (current === undefined || previous === undefined || (rep.startUs - previous.endUs) / 1e6 > restS) sets.push([rep]);
    else current.push(rep);
  }
  return sets;
}

/**
 * The set in progress, numbered from 0 so that its first reps are its warmup (a flywheel is
 * spun up at the start of every set): the reps after the last rest longer than `restS`, and the
 * rep under way, which starts a new set when the rest before it is that long.
 */
export function currentSet(reps: readonly Rep[], turn: Turn | null, restS: number): { reps: Rep[]; turn: Turn | null } {
  const last = reps.at(-1);
  if (turn !== null && (last === undefined || (turn.startUs - last.endUs) / 1e6 > restS)) {
    return { reps: [], turn: { ...turn, index: 0 } };
  }
  const set = splitSets(reps, restS).at(-1) ?? [];
  const base = set[0]?.index ?? 0;
  return {
    reps: set.map((rep) => ({ ...rep, index: rep.index - base })),
    turn: turn === null ? null : { ...turn, index: turn.index - base },
  };
}
