/**
 * When the rope starts moving from rest and when it comes to rest, to a fraction of a step
 * (`engine-rs/src/edges.rs`, module doc): movements found on the grid, each onset and stop timed
 * by a change-point fit of the resampled angle.
 */
import { EDGE_HISTORY, EDGE_MAX_WINDOW, EDGE_MOVE_S, EDGE_REST_S, EDGE_STOP_MIN_POINTS, EDGE_TRAVEL_DEG, MOVE_CONFIRM_DEG, SPEED_FIT_FLOOR, SPEED_FIT_SIGNIFICANCE } from './constants';
import { dot, leastSquares } from './leastSquares';

/** An edge's time (µs, on the filtered angle's clock), and the grid point from which it is known. */
export interface Timed {
  timeUs: number;
  knownAt: number;
}

/** A movement: grid indices of its first and last moving points and of the point that confirmed it, and the first point of its segment of the grid. */
export interface Movement {
  start: number;
  /** null while the rope still moves at the last point (of the data, or of its segment before a gap). */
  end: number | null;
  confirmedAt: number;
  segment: number;
}

/** A movement with its onset and stop, where they are timed. */
export interface TimedMovement extends Movement {
  onset: Timed | null;
  stop: Timed | null;
}

/**
 * edges.rs "How": a run of consecutive moving points is a movement once its path, Σ|Δp| of the
 * rope position p from the point before its first, reaches MOVE_CONFIRM_DEG. Over the first
 * `count` points. A gap (a segment of the grid starting at one of `segmentStarts`) ends the run
 * in progress without an end (`Edges::segment_break`), and its first point adds no path.
 */
export function movements(moving: readonly boolean[], p: readonly number[], count: number, segmentStarts: readonly number[]): Movement[] {
  const out: Movement[] = [];
  let run: { start: number; path: number; confirmedAt: number | null } | null = null;
  let segment = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0 && segmentStarts.includes(i)) {
      if (run?.confirmedAt != null) out.push({ start: run.start, end: null, confirmedAt: run.confirmedAt, segment });
      [run, segment] = [null, i];
    }
    if (moving[i]) {
      run ??= { start: i, path: 0, confirmedAt: null };
      run.path += i > segment ? Math.abs(p[i]! - p[i - 1]!) : 0;
      if (run.confirmedAt === null && run.path >= MOVE_CONFIRM_DEG) run.confirmedAt = i;
    } else {
      if (run?.confirmedAt != null) out.push({ start: run.start, end: i - 1, confirmedAt: run.confirmedAt, segment });
      run = null;
    }
  }
  if (run?.confirmedAt != null) out.push({ start: run.start, end: null, confirmedAt: run.confirmedAt, segment });
  return out;
}

/**
 * edges.rs "How" and "The fit waits for its window", over the first `count` points (times `t`,
 * resampled angles `x`): an onset is fitted over EDGE_REST_S of rest before the movement's first
 * point and its motion from there up to the first point k, from EDGE_MOVE_S on, whose resampled
 * angle is EDGE_TRAVEL_DEG or more from the rest's level (the mean of the rest side as the fit
 * sees it, or the first point's angle without one), that is past the movement's last point, or
 * that fills the motion side a stop may have; the fit is made at the first point by which such a
 * k is known (the movement confirmed by then); a stop over the movement up to its last point and EDGE_REST_S after it, once that has
 * passed, or sooner when the next movement is confirmed. A stop's motion side is EDGE_MOVE_S, the
 * spread of the filter and buffer that ends a run late (`slack`: the points a phase may start or
 * stop inside a movement) and one point more (`Edges::new`); edges.rs "Where a movement ends": the
 * stop's first fit is without the speed term (it only places the second's window); the
 * stop is then fitted again, with it, within the first window, from the last point back from the grid point
 * nearest that first stop whose resampled angle is EDGE_TRAVEL_DEG or more from the level it
 * rests at (the mean over the stop's point and the rest after it, up to EDGE_REST_S; at least
 * EDGE_STOP_MIN_POINTS and a third of the motion side before the stop: the quadratic alone ends a
 * stop at speed that much late at most) to EDGE_REST_S after the stop.
 * "The rest side of a fit ends at the neighbouring movement": an onset's rest begins after the
 * previous movement's last point, a stop's rest ends where the next movement starts if that is
 * confirmed by then. A fit sees only the last rest + the longer motion side + 2 points before the
 * one at which it is made (the engine's memory bound); a movement from the session's first point
 * has no onset.
 *
 * One difference from the engine's code: it drops an edge when eight already wait, which takes
 * eight movements confirmed within EDGE_MOVE_S: not modelled here.
 */
export function timeEdges(runs: readonly Movement[], t: readonly number[], x: readonly number[], count: number, hz: number, lagUs: number, slack: number, segmentStarts: readonly number[]): TimedMovement[] {
  // A segment's edges are made by its last point: those still waiting at a gap are forgotten.
  const segmentEnd = (run: Movement) => Math.min(count, segmentStarts.find((from) => from > run.segment) ?? Infinity);
  const rest = Math.max(2, Math.round(EDGE_REST_S * hz));
  const move = Math.max(2, Math.round(EDGE_MOVE_S * hz));
  const stopSide = move + slack + 1;
  const size = Math.min(rest + Math.max(move, stopSide) + 2, EDGE_MAX_WINDOW);
  const mean = (from: number, to: number) => x.slice(from, to).reduce((sum, y) => sum + y, 0) / (to - from);
  const fitted = (from: number, to: number, knownAt: number, sign: number): Timed => {
    const first = Math.max(from, knownAt + 1 - size, 0);
    const once = changePoint(t.slice(first, to), x.slice(first, to), sign, false);
    if (sign > 0 || to <= first + 1) return { timeUs: once + lagUs, knownAt };
    const ahead = (once - t[first]!) / (t[first + 1]! - t[first]!);
    if (!(Number.isFinite(ahead) && ahead >= 0)) return { timeUs: once + lagUs, knownAt };
    const stop = first + Math.round(ahead);
    const end = Math.max(Math.min(to, stop + rest + 1), stop + 1);
    const level = mean(stop, end);
    let start = stop;
    while (start > first && Math.abs(x[start]! - level) < EDGE_TRAVEL_DEG) start--;
    const from2 = Math.max(first, Math.min(start, stop - EDGE_STOP_MIN_POINTS - Math.floor(stopSide / 3)));
    const to2 = Math.min(end, to);
    const twice = changePoint(t.slice(from2, to2), x.slice(from2, to2), sign, true);
    return { timeUs: (Number.isFinite(twice) ? twice : once) + lagUs, knownAt };
  };
  /** The onset of `run`, its rest from `from`: known at the first point i (from its confirmation and EDGE_MOVE_S on) by which the motion side has its end. */
  const onsetOf = (run: Movement, from: number): Timed | null => {
    const end = run.end ?? Infinity;
    for (let i = Math.max(run.confirmedAt, run.start + move); i < segmentEnd(run); i++) {
      const first = Math.max(from, i + 1 - size, 0);
      const level = first < run.start ? mean(first, run.start) : x[run.start]!;
      let k = run.start + move;
      while (k <= i && k < run.start + stopSide && k <= end && Math.abs(x[k]! - level) < EDGE_TRAVEL_DEG) k++;
      if (k <= i) return fitted(from, k + 1, i, 1);
    }
    return null;
  };
  return runs.map((run, r) => {
    const before = runs[r - 1];
    const previousEnd = before !== undefined && before.segment === run.segment ? before.end! : -1;
    const onset = run.start > run.segment ? onsetOf(run, Math.max(run.start - rest, previousEnd + 1, run.segment)) : null;
    if (run.end === null) return { ...run, onset, stop: null };
    const next = runs[r + 1] !== undefined && runs[r + 1]!.segment === run.segment ? runs[r + 1] : undefined;
    const early = next !== undefined && next.confirmedAt <= run.end + rest;
    const stopKnown = early ? next.confirmedAt : run.end + rest;
    const to = early ? Math.min(run.end + rest + 1, next.start) : run.end + rest + 1;
    return { ...run, onset, stop: stopKnown < segmentEnd(run) ? fitted(Math.max(run.end - stopSide, run.segment), to, stopKnown, -1) : null };
  });
}

/**
 * edges.rs `change_point` and `fit`: the instant that best splits the points into rest and
 * motion (motion from rest after it for an onset, `sign` 1; motion into rest before it for a stop,
 * −1). For each point j as the split, θ0 + c·d² (d = k − j steps past it, k counting along the
 * motion, 0 at rest) is fitted by least squares; for a stop `withSpeed` also θ0 + b·d + c·d² (two points of
 * motion at least), which times the stop when its speed b has the sign of the motion (that of the
 * farthest point from the rest) and its least squared error is below the quadratic's by more than
 * SPEED_FIT_SIGNIFICANCE times its own over the points less four, times the points one point's
 * noise spans ({@link residualSpan}) (a window of more than four), and SPEED_FIT_FLOOR of Σv². The split
 * with the least squared error (the earliest of equals) of the fit used is moved between its
 * neighbours to the vertex of the parabola through their errors. NaN without motion to fit.
 */
function changePoint(t: readonly number[], x: readonly number[], sign: number, withSpeed: boolean): number {
  const len = Math.min(t.length, x.length, EDGE_MAX_WINDOW);
  const at = (k: number) => (sign > 0 ? k : len - 1 - k);
  const v = Array.from({ length: len }, (_, k) => x[at(k)]! - x[at(0)]!);
  const plain = bestSplit(v.map((_, j) => splitFit(v, j, false)));
  let best = plain;
  if (withSpeed && sign < 0 && plain !== null && len > 4) {
    const speed = bestSplit(v.map((_, j) => splitFit(v, j, true)));
    // By more than SPEED_FIT_FLOOR of Σv² too: below that it is the fits' rounding.
    const squares = v.reduce((sum, y) => sum + y * y, 0);
    if (speed !== null && speed.rate * v[len - 1]! > 0 && plain.sse - speed.sse > ((SPEED_FIT_SIGNIFICANCE * speed.sse) / (len - 4)) * residualSpan(v, speed.j) + SPEED_FIT_FLOOR * squares) best = speed;
  }
  if (best === null) return NaN;
  const { j, errors } = best;
  const tb = t[at(j)]!;
  if (j === 0 || j + 1 >= len) return tb;
  const [before, after] = [errors[j - 1]!, errors[j + 1]!];
  const curvature = before - 2 * errors[j]! + after;
  const shift = curvature > 0 && curvature < Infinity ? (0.5 * (before - after)) / curvature : 0;
  return tb + shift * (t[at(j + 1)]! - tb);
}

/**
 * edges.rs `residual_span`: with ρ the correlation from one point to the next of the residuals of
 * the fit with speed split at `j` (Σ r_k·r_{k−1} / Σ r_k², at least 0 and at most 0.99),
 * (1 + ρ)/(1 − ρ), at most 100.
 */
function residualSpan(v: readonly number[], j: number): number {
  const rows = v.map((_, k) => {
    const d = Math.max(0, k - j);
    return [1, d, d * d];
  });
  const b = leastSquares(rows, v);
  const r = v.map((y, k) => y - dot(rows[k]!, b));
  const squares = r.reduce((sum, x) => sum + x * x, 0);
  const lagged = r.slice(1).reduce((sum, x, k) => sum + x * r[k]!, 0);
  const rho = squares > 0 ? Math.min(Math.max(lagged / squares, 0), 0.99) : 0;
  return Math.min((1 + rho) / (1 - rho), 100);
}

/** The split with the least finite squared error (the earliest of equals), with its error, the fitted speed there and every split's error; null if none is finite. */
function bestSplit(fits: readonly { sse: number; rate: number }[]): { j: number; sse: number; rate: number; errors: number[] } | null {
  let j = -1;
  fits.forEach((f, k) => {
    if (f.sse < Infinity && (j < 0 || f.sse < fits[j]!.sse)) j = k;
  });
  return j < 0 ? null : { j, sse: fits[j]!.sse, rate: fits[j]!.rate, errors: fits.map((f) => f.sse) };
}

/**
 * The least-squares fit of v_k ≈ b0 (+ b1·d_k) + b2·d_k², d_k = max(0, k − j), with the speed
 * term b1 when `speed`: its squared error, and b1 (0 without it). Infinity where the fit is not
 * determined: no point of motion, or fewer than two with the speed term.
 */
function splitFit(v: readonly number[], j: number, speed: boolean): { sse: number; rate: number } {
  if (v.length - 1 - j < (speed ? 2 : 1)) return { sse: Infinity, rate: 0 };
  const rows = v.map((_, k) => {
    const d = Math.max(0, k - j);
    return speed ? [1, d, d * d] : [1, d * d];
  });
  const b = leastSquares(rows, v);
  const sse = v.reduce((sum, y, k) => sum + (y - dot(rows[k]!, b)) ** 2, 0);
  return { sse, rate: speed ? b[1]! : 0 };
}

/** The movements the engine remembers at grid point `by`, in the segment from `segment`: the last EDGE_HISTORY of it confirmed by then (runs are in order). */
function remembered(runs: readonly TimedMovement[], by: number, segment: number): readonly TimedMovement[] {
  let [lo, hi] = [0, runs.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runs[mid]!.confirmedAt <= by) lo = mid + 1;
    else hi = mid;
  }
  return runs.slice(Math.max(0, lo - EDGE_HISTORY), lo).filter((r) => r.segment === segment);
}

/** A movement's last point as known at `by` (Infinity while it still moves then). */
const endAt = (run: Movement, by: number) => (run.end !== null && run.end + 1 <= by ? run.end : Infinity);

/** An edge's time if it is known at `by` and finite. */
const known = (edge: Timed | null, by: number) => (edge !== null && edge.knownAt <= by && Number.isFinite(edge.timeUs) ? edge.timeUs : null);

/** edges.rs `onset_near`: the timed onset of the movement that point `index` is at most `slack` points into, as known at `by` in the segment from `segment`. */
export function onsetNear(runs: readonly TimedMovement[], index: number, slack: number, by: number, segment: number): number | null {
  const run = remembered(runs, by, segment).find((r) => r.start <= index && index <= endAt(r, by) && index - r.start <= slack);
  return run === undefined ? null : known(run.onset, by);
}

/** edges.rs `stop_near`: the timed stop of the movement that point `index` is at most `slack` points before the end of, as known at `by` in the segment from `segment`. */
export function stopNear(runs: readonly TimedMovement[], index: number, slack: number, by: number, segment: number): number | null {
  const run = remembered(runs, by, segment).find((r) => r.start <= index && index <= endAt(r, by) && endAt(r, by) - index <= slack);
  return run === undefined ? null : known(run.stop, by);
}

/** edges.rs `last_stop_us`: when the rope came to rest, if the latest movement known at `by` in the segment from `segment` has ended and its stop is timed. */
export function lastStopUs(runs: readonly TimedMovement[], by: number, segment: number): number | null {
  const last = remembered(runs, by, segment).at(-1);
  return last === undefined || endAt(last, by) === Infinity ? null : known(last.stop, by);
}
