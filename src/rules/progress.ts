/**
 * Progress across sessions: per session, the best and the mean of a metric in a phase over
 * every rep after each set's warmup (the same reps the Workout screen judges), optionally only
 * over the sets done at one inertia (progress means most at a fixed load).
 */
import type { Metric, Rep } from '../engine/types';
import type { Phase } from './labels';
import { loadAt } from './loads';
import { splitSets, type SetBreaks } from './setSplit';

export interface SessionFigures {
  /** Reps after each set's warmup. */
  reps: number;
  best: number | null;
  mean: number | null;
}

export function sessionFigures(reps: readonly Rep[], how: SetBreaks & { warmup: number }, metric: Metric, phase: Phase, inertia?: number): SessionFigures {
  const loads = how.loads ?? [];
  const atInertia = (set: readonly Rep[]) => inertia === undefined || (loads.length > 0 && loadAt(loads, set[0]!.startUs).inertia === inertia);
  const counted = splitSets(reps, how)
    .filter(atInertia)
    .flatMap((set) => set.slice(how.warmup));
  const values = counted.map((rep) => rep[phase][metric]);
  return {
    reps: counted.length,
    best: values.length > 0 ? Math.max(...values) : null,
    mean: values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null,
  };
}
