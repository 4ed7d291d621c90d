/**
 * When a set is over, and whose the reps that follow are: today's order as a coach uses it
 * (docs/behaviour.md §4 "Athletes").
 *
 * - A set with today's order ends at its goal (the rep goal reached, or a Fatigue set complete).
 *   The reps that follow it are nobody's until the next athlete is up: an athlete slowing the
 *   flywheel down after their last counted rep, or pulling on out of habit, adds no set to
 *   anyone (not to them: their set was done; not to the next athlete: they have not begun). In
 *   the session's tags (rules/setTags.ts) these reps fall in a span of `NOBODY`.
 * - The next athlete comes up once the rope has rested after the set (`CHANGEOVER_S` within
 *   `REST_BAND_DEG`): nobody can hand the rope over while it moves, so reps that follow without a
 *   rest are the finished athlete's habit, and the first pull after a rest is the next athlete's.
 *   "Next: <name>", or a tap on any athlete, brings them up at once.
 * - Whoever comes up after nobody's reps starts a new set, even the athlete who just finished
 *   (brought back by hand): their done set is not reopened.
 */

/** The athlete id of a span whose reps are nobody's. Athletes' ids are UUIDs, so it names no one. */
export const NOBODY = 'nobody';

/**
 * How long the rope rests before the next athlete comes up, s: twice the engine's rest that
 * closes a rep (0.5 s, engine-rs/src/settings.rs `REST_CLOSE_S`, itself twice the longest stop
 * at the top between two reps of a heavy flywheel squat), and far less than the time it takes
 * one athlete to hand the rope to another.
 */
export const CHANGEOVER_S = 1;

/** The rope is at rest while its angle stays within this many degrees: the engine's band for a resting rope (`REST_BAND_DEG`). */
export const REST_BAND_DEG = 10;

/** Whether the span's athlete is nobody. */
export function isNobody(tag: { athleteId?: string }): boolean {
  return tag.athleteId === NOBODY;
}

/**
 * Whether the newest samples show the rope at rest for `CHANGEOVER_S`: they span that long at
 * least, and every angle in it is within `REST_BAND_DEG` of every other.
 */
export function ropeRested(samples: { timeUs: ArrayLike<number>; angleDeg: ArrayLike<number> }): boolean {
  const n = samples.timeUs.length;
  if (n === 0) return false;
  const newest = samples.timeUs[n - 1]!;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = n - 1; i >= 0; i--) {
    const angle = samples.angleDeg[i]!;
    low = Math.min(low, angle);
    high = Math.max(high, angle);
    if (high - low > REST_BAND_DEG) return false;
    if (newest - samples.timeUs[i]! >= CHANGEOVER_S * 1e6) return true;
  }
  return false;
}
