/**
 * Everything the Workout screen shows about the set, derived in one pass from the engine's reps
 * and the workout settings: numbered rows with percent change and validity, the current target
 * and drop (the chart band), the best rep and whether the set is complete. Pure, so the screen,
 * the voice and the tests read the same figures.
 *
 * Decisions where the product rules are silent:
 * - "Best rep was" is the best counted rep of the chosen phase and metric; its percent change is
 *   the latest counted rep against that best (how far the athlete has dropped), so it is 0 — and
 *   hidden — while the latest rep is the best.
 * - Percent Drop per row is the rep's percent change against the current target.
 */
import type { Metric, Rep } from '../engine/types';
import type { Phase } from './labels';
import {
  bestRep,
  currentDrop,
  currentTarget,
  percentChange,
  type RepValue,
  type TargetType,
} from './target';
import { countedReps, isRepValid, isSetComplete, repCount, repLabel } from './validity';

/** The settings the view depends on (a subset of the workout settings). */
export interface ViewSettings {
  metric: Metric;
  phase: Phase;
  target: TargetType;
  targetValue: number;
  dropValue: number;
  dropPercent: boolean;
  warmup: number;
}

export interface RepRow {
  index: number;
  count: number;
  /** 'W' for warmup, else the count. */
  label: string;
  concentric: number;
  eccentric: number;
  /** The value in the chosen phase. */
  value: number;
  /** Against the current target; null while there is none (Fatigue before a counted rep). */
  percentChange: number | null;
  valid: boolean;
}

export interface WorkoutView {
  rows: RepRow[];
  target: number | null;
  drop: number | null;
  best: RepValue | null;
  /** Latest counted rep against the best, percent; 0 when there is nothing to compare. */
  bestChange: number;
  /** Value of the latest rep (warmup included) in the chosen phase, null before any rep. */
  latest: number | null;
  /** Reps excluding warmup, never below 0. */
  counted: number;
  setComplete: boolean;
}

export function buildWorkoutView(reps: readonly Rep[], s: ViewSettings): WorkoutView {
  const values: RepValue[] = reps.map((rep) => ({
    count: repCount(rep.index, s.warmup),
    value: rep[s.phase][s.metric],
  }));
  const target = currentTarget(s.target, s.targetValue, values);
  const drop = currentDrop(s.target, target, s.dropValue, s.dropPercent);
  const judgement = { type: s.target, target, drop };
  const rows = reps.map((rep, i): RepRow => {
    const { count, value } = values[i];
    return {
      index: rep.index,
      count,
      label: repLabel(count),
      concentric: rep.concentric[s.metric],
      eccentric: rep.eccentric[s.metric],
      value,
      percentChange: target === null ? null : percentChange(value, target),
      valid: isRepValid(values[i], judgement),
    };
  });
  const best = bestRep(values);
  const countedValues = values.filter((v) => v.count > 0);
  const lastCounted = countedValues[countedValues.length - 1];
  return {
    rows,
    target,
    drop,
    best,
    bestChange: best && lastCounted ? percentChange(lastCounted.value, best.value) : 0,
    latest: values.length > 0 ? values[values.length - 1].value : null,
    counted: countedReps(reps.length, s.warmup),
    setComplete: isSetComplete(values, judgement),
  };
}
