/**
 * Progress across sessions: per session, the best and the mean of a metric in a phase over
 * every rep after each set's warmup (the same reps the Workout screen judges), optionally only
 * over the sets done at one inertia.
 *
 * Progress means something only at a fixed load: a heavier flywheel is pulled more slowly, so a
 * session at 0.1 kg·m² after one at 0.05 shows a drop that is no drop at all. The History
 * therefore compares like with like: by default the inertia the athlete trained at most (the most
 * reps after the warmup over all sessions, the latest session's inertia on a tie), and never a
 * line across two inertias.
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

/** Reps after each set's warmup per inertia the session's sets were done at; none without known loads. */
export function repsByInertia(reps: readonly Rep[], how: SetBreaks & { warmup: number }): Map<number, number> {
  const loads = how.loads ?? [];
  const out = new Map<number, number>();
  if (loads.length === 0) return out;
  for (const set of splitSets(reps, how)) {
    const counted = set.length - how.warmup;
    if (counted <= 0) continue;
    const inertia = loadAt(loads, set[0]!.startUs).inertia;
    out.set(inertia, (out.get(inertia) ?? 0) + counted);
  }
  return out;
}

/** The inertia of the most reps over the sessions (the latest session's on a tie); null without a rep. */
export function mostUsedInertia(sessions: readonly { startedAt: number; byInertia: ReadonlyMap<number, number> }[]): number | null {
  const total = new Map<number, { reps: number; last: number }>();
  for (const { startedAt, byInertia } of sessions) {
    for (const [inertia, reps] of byInertia) {
      const before = total.get(inertia) ?? { reps: 0, last: Number.NEGATIVE_INFINITY };
      total.set(inertia, { reps: before.reps + reps, last: Math.max(before.last, startedAt) });
    }
  }
  let best: { inertia: number; reps: number; last: number } | null = null;
  for (const [inertia, use] of total) {
    if (best === null || use.reps > best.reps || (use.reps === best.reps && use.last > best.last)) best = { inertia, ...use };
  }
  return best?.inertia ?? null;
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
