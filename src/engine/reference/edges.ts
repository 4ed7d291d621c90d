/**
 * When the rope starts moving from rest and when it comes to rest, to a fraction of a step
 * (`engine-rs/src/edges.rs`, module doc): movements found on the grid, each onset and stop timed
 * by a change-point fit of the resampled angle.
 */
import { EDGE_HISTORY, EDGE_MAX_WINDOW, EDGE_MOVE_S, EDGE_REST_S, MOVE_CONFIRM_DEG } from './constants';

/** An edge's time (µs, on the filtered angle's clock), and the grid point from which it is known. */
export interface Timed {
  timeUs: number;
  knownAt: number;
}

/** A movement: grid indices of its first and last moving points and of the point that confirmed it. */
export interface Movement {
  start: number;
  /** null while the rope still moves at the last point. */
  end: number | null;
  confirmedAt: number;
}

/** A movement with its onset and stop, where they are timed. */
export interface TimedMovement extends Movement {
  onset: Timed | null;
  stop: Timed | null;
}

/**
 * edges.rs "How": a run of consecutive moving points is a movement once its path, Σ|Δp| of the
 * rope position p from the point before its first, reaches MOVE_CONFIRM_DEG. Over the first
 * `count` points.
 */
export function movements(moving: readonly boolean[], p: readonly number[], count: number): Movement[] {
  const out: Movement[] = [];
  let run: { start: number; path: number; confirmedAt: number | null } | null = null;
  for (let i = 0; i < count; i++) {
    if (moving[i]) {
      run ??= { start: i, path: 0, confirmedAt: null };
      run.path += i > 0 ? Math.abs(p[i]! - p[i - 1]!) : 0;
      if (run.confirmedAt === null && run.path >= MOVE_CONFIRM_DEG) run.confirmedAt = i;
    } else {
      if (run?.confirmedAt != null) out.push({ start: run.start, end: i - 1, confirmedAt: run.confirmedAt });
      run = null;
    }
  }
  if (run?.confirmedAt != null) out.push({ start: run.start, end: null, confirmedAt: run.confirmedAt });
  return out;
}

/**
 * edges.rs "How" and "The fit waits for its window", over the first `count` points (times `t`,
 * resampled angles `x`): an onset is fitted over EDGE_REST_S of rest before the movement's first
 * point and EDGE_MOVE_S from it, once that window has passed (or when the movement is confirmed,
 * if later); a stop over EDGE_MOVE_S of the movement up to its last point and EDGE_REST_S after
 * it, once that has passed, or sooner when the next movement is confirmed. "The rest side of a
 * fit ends at the neighbouring movement": an onset's rest begins after the previous movement's
 * last point, a stop's rest ends where the next movement starts if that is confirmed by then. A
 * fit sees only the last rest + move + 2 points before the one at which it is made (the engine's
 * memory bound); a movement from the session's first point has no onset.
 *
 * Two differences from the engine's code. It begins an onset's rest after the last stop it has
 * timed, which is the movement's own when the next movement is confirmed less than EDGE_MOVE_S
 * after the first one started (reported; `it.fails` in engine.oracle.test.ts). And it drops an
 * edge when eight already wait, which takes eight movements confirmed within EDGE_MOVE_S: not
 * modelled here.
 */
export function timeEdges(runs: readonly Movement[], t: readonly number[], x: readonly number[], count: number, hz: number, lagUs: number): TimedMovement[] {
  const rest = Math.max(2, Math.round(EDGE_REST_S * hz));
  const move = Math.max(2, Math.round(EDGE_MOVE_S * hz));
  const size = Math.min(rest + move + 2, EDGE_MAX_WINDOW);
  const fitted = (from: number, to: number, knownAt: number, sign: number): Timed => {
    const first = Math.max(from, knownAt + 1 - size, 0);
    return { timeUs: changePoint(t.slice(first, to), x.slice(first, to), sign) + lagUs, knownAt };
  };
  return runs.map((run, r) => {
    const onsetKnown = Math.max(run.confirmedAt, run.start + move);
    const previousEnd = r > 0 ? runs[r - 1]!.end! : -1;
    const onset = run.start > 0 && onsetKnown < count ? fitted(Math.max(run.start - rest, previousEnd + 1), run.start + move + 1, onsetKnown, 1) : null;
    if (run.end === null) return { ...run, onset, stop: null };
    const next = runs[r + 1];
    const early = next !== undefined && next.confirmedAt <= run.end + rest;
    const stopKnown = early ? next.confirmedAt : run.end + rest;
    const to = early ? Math.min(run.end + rest + 1, next.start) : run.end + rest + 1;
    return { ...run, onset, stop: stopKnown < count ? fitted(run.end - move, to, stopKnown, -1) : null };
  });
}

/**
 * edges.rs `change_point`: the instant that best splits the points into rest and motion from rest
 * at constant acceleration (motion after it for an onset, `sign` 1; before it for a stop, −1).
 * For each point j as the split, θ0 + c·(k − j)² past it (k counting along the motion) is fitted
 * by least squares; the split with the least squared error (the earliest of equals) is moved
 * between its neighbours to the vertex of the parabola through their errors. NaN without
 * motion to fit.
 */
function changePoint(t: readonly number[], x: readonly number[], sign: number): number {
  const len = Math.min(t.length, x.length, EDGE_MAX_WINDOW);
  const at = (k: number) => (sign > 0 ? k : len - 1 - k);
  const v = Array.from({ length: len }, (_, k) => x[at(k)]! - x[at(0)]!);
  const sse = Array.from({ length: len }, (_, j) => squaredError(v, j));
  let best = -1;
  sse.forEach((e, j) => {
    if (e < Infinity && (best < 0 || e < sse[best]!)) best = j;
  });
  if (best < 0) return NaN;
  const tb = t[at(best)]!;
  if (best === 0 || best + 1 >= len) return tb;
  const [before, after] = [sse[best - 1]!, sse[best + 1]!];
  const curvature = before - 2 * sse[best]! + after;
  const shift = curvature > 0 && curvature < Infinity ? (0.5 * (before - after)) / curvature : 0;
  return tb + shift * (t[at(best + 1)]! - tb);
}

/** The least squared error of v_k ≈ b0 + b2·d_k², d_k = max(0, k − j); Infinity where no point moves (the fit is not determined). */
function squaredError(v: readonly number[], j: number): number {
  const n = v.length;
  let [s2, s4, r0, r2] = [0, 0, 0, 0];
  for (let k = 0; k < n; k++) {
    const d2 = k > j ? (k - j) ** 2 : 0;
    s2 += d2;
    s4 += d2 * d2;
    r0 += v[k]!;
    r2 += v[k]! * d2;
  }
  const det = n * s4 - s2 * s2;
  if (!(det > 0)) return Infinity;
  const b0 = (r0 * s4 - s2 * r2) / det;
  const b2 = (n * r2 - s2 * r0) / det;
  let sse = 0;
  for (let k = 0; k < n; k++) sse += (v[k]! - b0 - b2 * (k > j ? (k - j) ** 2 : 0)) ** 2;
  return sse;
}

/** The movements the engine remembers at grid point `by`: the last EDGE_HISTORY confirmed by then (runs are in order). */
function remembered(runs: readonly TimedMovement[], by: number): readonly TimedMovement[] {
  let [lo, hi] = [0, runs.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runs[mid]!.confirmedAt <= by) lo = mid + 1;
    else hi = mid;
  }
  return runs.slice(Math.max(0, lo - EDGE_HISTORY), lo);
}

/** A movement's last point as known at `by` (Infinity while it still moves then). */
const endAt = (run: Movement, by: number) => (run.end !== null && run.end + 1 <= by ? run.end : Infinity);

/** An edge's time if it is known at `by` and finite. */
const known = (edge: Timed | null, by: number) => (edge !== null && edge.knownAt <= by && Number.isFinite(edge.timeUs) ? edge.timeUs : null);

/** edges.rs `onset_near`: the timed onset of the movement that point `index` is at most `slack` points into, as known at `by`. */
export function onsetNear(runs: readonly TimedMovement[], index: number, slack: number, by: number): number | null {
  const run = remembered(runs, by).find((r) => r.start <= index && index <= endAt(r, by) && index - r.start <= slack);
  return run === undefined ? null : known(run.onset, by);
}

/** edges.rs `stop_near`: the timed stop of the movement that point `index` is at most `slack` points before the end of, as known at `by`. */
export function stopNear(runs: readonly TimedMovement[], index: number, slack: number, by: number): number | null {
  const run = remembered(runs, by).find((r) => r.start <= index && index <= endAt(r, by) && endAt(r, by) - index <= slack);
  return run === undefined ? null : known(run.stop, by);
}

/** edges.rs `last_stop_us`: when the rope came to rest, if the latest movement known at `by` has ended and its stop is timed. */
export function lastStopUs(runs: readonly TimedMovement[], by: number): number | null {
  const last = remembered(runs, by).at(-1);
  return last === undefined || endAt(last, by) === Infinity ? null : known(last.stop, by);
}
