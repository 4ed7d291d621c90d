/**
 * The load a session is trained at, over time: the flywheel's inertia (the plates) and the
 * motor's eccentric boost. Changing either between sets is how a flywheel athlete changes load,
 * so a change starts a new set, and the reps before it keep the load they were done at (their
 * torque, force and power stay computed with their own inertia).
 *
 * A session's loads are spans on its clock: each applies to the reps whose movement starts at or
 * after its `fromUs`, until the next span. The first span applies from the start.
 *
 * When a change starts a span, and when it corrects the span in force (the product rules are
 * silent; decided as a coach would expect):
 * - A change while no rep has started in the span in force replaces that span: plates chosen
 *   before the first pull, or corrected before a set starts, make no empty set.
 * - A change from inertia 0 replaces the span too: 0 means the plates were never chosen, so the
 *   reps done meanwhile get the plates the user names (a flywheel always has an inertia; the
 *   app just did not know it).
 * - Otherwise the new load applies to the reps that start after the change.
 */

import { changeSpan, spanAt } from './spans';

export interface Load {
  /** kg·m² */
  inertia: number;
  /** The motor's eccentric boost, %; 0 is Off. */
  boost: number;
}

export interface LoadSpan extends Load {
  /** µs on the session's clock from which the load applies; −∞ for the first span. */
  fromUs: number;
}

export function sameLoad(a: Load, b: Load): boolean {
  return a.inertia === b.inertia && a.boost === b.boost;
}

/** A session's loads before it has any sample: `load`, from the start. */
export function firstLoads(load: Load): LoadSpan[] {
  return [{ fromUs: Number.NEGATIVE_INFINITY, inertia: load.inertia, boost: load.boost }];
}

/** The span in force at `us` (the first one before any span starts). */
export function loadAt(loads: readonly LoadSpan[], us: number): LoadSpan {
  return spanAt(loads, us, 'load');
}

/**
 * The loads after the user changes the load to `load` when the session's newest sample is at
 * `nowUs` (null: no sample yet); `started`: whether a rep has started within the span in force.
 */
export function changeLoad(loads: readonly LoadSpan[], load: Load, nowUs: number | null, started: boolean): LoadSpan[] {
  const current = loads.at(-1);
  return changeSpan(loads, { inertia: load.inertia, boost: load.boost }, sameLoad, nowUs, !started || current?.inertia === 0);
}
