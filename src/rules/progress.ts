/**
 * Progress across sessions: per session, the best and the mean of a metric in a phase over
 * every rep after each set's warmup (the same reps the Workout screen judges).
 */
import type { Metric, Rep } from '../engine/types';
import type { Phase } from './labels';
import { splitSets } from './setSplit';

export interface SessionFigures {
  /** Reps after each set's warmup. */
  reps: number;
  best: number | null;
  mean: number | null;
}

export function sessionFigures(reps: readonly Rep[], how: { restS: number; warmup: number }, metric: Metric, phase: Phase): SessionFigures {
  const counted = splitSets(reps, how.restS).flatMap((set) => set.slice(how.warmup));
  const values = counted.map((rep) => rep[phase][metric]);
  return {
    reps: counted.length,
    best: values.length > 0 ? Math.max(...values) : null,
    mean: values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null,
  };
}
