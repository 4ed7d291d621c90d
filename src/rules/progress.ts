/**
 * Progress across sessions: per session, the best and the mean of a metric in a phase over
 * every rep after each set's warmup (the same reps the Workout screen judges), optionally only
 * over the sets done at one inertia.
 *
 * Progress means something only at a fixed load: a heavier flywheel is pulled more slowly, so a
 * session at 0.1 kg·m² after one at 0.05 shows a drop that is no drop at all. The History
 * therefore compares like with like: by default the inertia the athlete trained at most (the most
 * reps after the warmup over all sessions, the latest session's inertia on a tie), and never a
 * line across two inertias. A session's best and mean at an inertia are rules/setRecords.ts
 * `figuresOver` its sets at that inertia.
 */
import type { SetRecord } from './setRecords';

/** Reps after each set's warmup per inertia the session's sets were done at (sets at unknown plates left out). */
export function repsByInertia(sets: readonly Pick<SetRecord, 'counted' | 'inertia'>[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const set of sets) if (set.counted > 0 && set.inertia !== null) out.set(set.inertia, (out.get(set.inertia) ?? 0) + set.counted);
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
