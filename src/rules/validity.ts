/**
 * docs/behaviour.md §4 repetition validity and §5 numbering. Kept apart from the target arithmetic because the
 * table, the chart colours and the CSV all ask the same two questions: "does this rep count?"
 * and "what label does it carry?".
 */
import type { RepValue, TargetType } from './target';

/** What a rep is judged against; `target`/`drop` come from `currentTarget`/`currentDrop`. */
export interface Judgement {
  type: TargetType;
  target: number | null;
  drop: number | null;
}

/**
 * Warmup reps are never valid; with no target every other rep is. Threshold needs the value to
 * reach the target; Zone and Fatigue need it between the lower bound and the target, inclusive.
 */
export function isRepValid(rep: RepValue, judgement: Judgement): boolean {
  if (rep.count <= 0) return false;
  const { type, target, drop } = judgement;
  switch (type) {
    case 'None':
      return true;
    case 'Threshold':
      if (target === null) throw new Error('a Threshold target needs a target value');
      return rep.value >= target;
    case 'Zone':
    case 'Fatigue':
      if (target === null || drop === null) return false;
      return rep.value <= target && rep.value >= drop;
  }
}

/** docs/behaviour.md §4: a rep's count is its 0-based index minus the warmup count plus 1. */
export function repCount(index: number, warmup: number): number {
  if (!Number.isInteger(index) || index < 0) throw new Error(`rep index must be a non-negative integer, got ${index}`);
  if (!Number.isInteger(warmup) || warmup < 0) throw new Error(`warmup must be a non-negative integer, got ${warmup}`);
  return index - warmup + 1;
}

/** Counts of zero or less display as W (warmup), others as the number. */
export function repLabel(count: number): string {
  return count <= 0 ? 'W' : String(count);
}

/** The Target card's figure: reps done excluding warmup, never below 0. */
export function countedReps(total: number, warmup: number): number {
  return Math.max(0, total - warmup);
}

/**
 * Only a Fatigue set ends by rule (docs/behaviour.md §4): once the latest counted rep falls below
 * the band built from the best rep, the athlete has slowed past the allowed drop. A rep below a
 * Zone is just an invalid rep, and None and Threshold sets never end.
 */
export function isSetComplete(reps: readonly RepValue[], judgement: Judgement): boolean {
  if (judgement.type !== 'Fatigue') return false;
  if (judgement.drop === null) return false;
  const counted = reps.filter((rep) => rep.count > 0);
  const latest = counted[counted.length - 1];
  return latest !== undefined && latest.value < judgement.drop;
}
