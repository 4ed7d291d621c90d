/**
 * The 4-point smoothing buffer (`engine-rs/src/smooth.rs`) and the centred quadratic
 * Savitzky–Golay filter (`engine-rs/src/savgol.rs`, module doc), each segment as a whole array.
 */
import { FILTER_HALF_WINDOW_S, FILTER_MAX_HALF_WIDTH } from './constants';
import { polynomialWeights } from './leastSquares';

/** Half-width m of the filter's window at `hz`: FILTER_HALF_WINDOW_S in grid steps, rounded, 1 to FILTER_MAX_HALF_WIDTH (savgol.rs `half_width`). */
export const halfWidth = (hz: number): number => Math.min(FILTER_MAX_HALF_WIDTH, Math.max(1, Math.round(FILTER_HALF_WINDOW_S * hz)));

/** smooth.rs: each point's value as the mean of the last `width` of its segment (of the fewer there are at its start): the angle's 4, a device's ω 3 and α 4 step means (`rate`). */
export function buffer(raw: readonly number[], width = 4): number[] {
  return raw.map((_, k) => {
    const first = Math.max(0, k - width + 1);
    let sum = 0;
    for (let j = first; j <= k; j++) sum += raw[j]!;
    return sum / (k - first + 1);
  });
}

/**
 * savgol.rs, per segment: each point's value is the least-squares parabola through the 2m + 1
 * points centred on it, evaluated at the point; its slope (per point) is the slope of the
 * least-squares line through that window (on a symmetric window, the parabola's slope at its
 * centre). The first and last m points, which have no centred window, take the segment's first or
 * last full window: the parabola's value at their own position, and that window's slope. A
 * segment shorter than a window takes one fit of all its points (a line through two, a constant
 * with slope 0 for one). Both are taken relative to a point of the window (a least-squares fit
 * moves with its data): a flat window then has exactly its level and a slope of exactly 0.
 */
export function savgol(y: readonly number[], m: number): { value: number[]; slope: number[] } {
  if (y.length < 2 * m + 1) {
    const x = y.map((_, i) => i - (y.length - 1) / 2);
    const slope = y.length < 2 ? 0 : relative(slopeWeights(x), y, 0, y[0]!);
    const weights = polynomialWeights(x, Math.min(2, y.length - 1), x);
    return { value: weights.map((w) => y[0]! + relative(w, y, 0, y[0]!)), slope: y.map(() => slope) };
  }
  const x = Array.from({ length: 2 * m + 1 }, (_, i) => i - m);
  const valueAt = polynomialWeights(x, 2, x);
  const slopeOf = slopeWeights(x);
  const value: number[] = [];
  const slope: number[] = [];
  for (let k = 0; k < y.length; k++) {
    const centre = Math.min(Math.max(k, m), y.length - 1 - m);
    value.push(y[centre]! + relative(valueAt[k - centre + m]!, y, centre - m, y[centre]!));
    slope.push(relative(slopeOf, y, centre - m, y[centre]!));
  }
  return { value, slope };
}

/** The least-squares slope of y over centred positions x (Σx = 0) as weights: x / Σx². */
function slopeWeights(x: readonly number[]): number[] {
  const sxx = x.reduce((sum, v) => sum + v * v, 0);
  return x.map((v) => v / sxx);
}

/** Σ w_i·(y[first + i] − level): weights applied to the window of `y` from `first`, relative to `level`. */
function relative(weights: readonly number[], y: readonly number[], first: number, level: number): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += weights[i]! * (y[first + i]! - level);
  return sum;
}
