/**
 * Resampling onto the uniform grid (`engine-rs/src/resample.rs`, module doc; constants from
 * `settings.rs`), over whole arrays of the samples the input stage accepted (input.ts).
 */
import { MAX_GAP_US } from './constants';
import type { Accepted } from './input';

/** Grid points as columns, and each segment's points as [from, to). */
export interface Grid {
  timeUs: number[];
  /** The interpolated angle, degrees. */
  rawDeg: number[];
  /** The device's ω and α as their means over the grid step ending at the point (0 without them). */
  omega: number[];
  alpha: number[];
  segments: { from: number; to: number }[];
}

/**
 * resample.rs: samples more than MAX_GAP_US apart start a new segment; a segment of two samples
 * or more gets the grid points origin + k·step (origin its first sample's time, k = 0, 1, … while
 * the time is not after its last sample), each the linear interpolation between the samples
 * around it; the device's rates are their means over the grid step ending at the point (at a
 * segment's first point, their values there; 0 without `rates`).
 */
export function resample(s: Pick<Accepted, 'timeUs' | 'angleDeg' | 'omega' | 'alpha'>, stepUs: number, rates: boolean): Grid {
  const grid: Grid = { timeUs: [], rawDeg: [], omega: [], alpha: [], segments: [] };
  for (const [first, end] of sampleSegments(s.timeUs)) {
    if (end - first < 2) continue;
    const times = s.timeUs.slice(first, end);
    const [angles, omegas, alphas] = [s.angleDeg, s.omega, s.alpha].map((c) => c.slice(first, end)) as [number[], number[], number[]];
    const from = grid.timeUs.length;
    const origin = times[0]!;
    const stepMean = (values: number[], k: number) =>
      !rates ? 0 : k === 0 ? interpolate(times, values, origin) : integral(times, values, origin + (k - 1) * stepUs, origin + k * stepUs) / stepUs;
    for (let k = 0; origin + k * stepUs <= times[times.length - 1]!; k++) {
      const t = origin + k * stepUs;
      grid.timeUs.push(t);
      grid.rawDeg.push(interpolate(times, angles, t));
      grid.omega.push(stepMean(omegas, k));
      grid.alpha.push(stepMean(alphas, k));
    }
    grid.segments.push({ from, to: grid.timeUs.length });
  }
  return grid;
}

/** [first, end) of each run of samples with no gap longer than MAX_GAP_US. */
function sampleSegments(timeUs: number[]): [number, number][] {
  const out: [number, number][] = [];
  let first = 0;
  for (let i = 1; i <= timeUs.length; i++) {
    if (i === timeUs.length || timeUs[i]! - timeUs[i - 1]! > MAX_GAP_US) {
      out.push([first, i]);
      first = i;
    }
  }
  return out;
}

/** The first index j ≥ 1 with times[j] ≥ t (times increasing, t within them), by bisection. */
function after(times: number[], t: number): number {
  let [lo, hi] = [1, times.length - 1];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The value at `t` of the line between the samples around it (j − 1 and j, j from {@link after}). */
function interpolate(times: number[], values: number[], t: number): number {
  const j = after(times, t);
  const frac = (t - times[j - 1]!) / (times[j]! - times[j - 1]!);
  return values[j - 1]! + (values[j]! - values[j - 1]!) * frac;
}

/** ∫ from `a` to `b` (a < b, within the samples) of the piecewise-linear interpolation of `values`, by trapezoids. */
function integral(times: number[], values: number[], a: number, b: number): number {
  let sum = 0;
  for (let j = after(times, a); j < times.length && times[j - 1]! < b; j++) {
    const lo = Math.max(a, times[j - 1]!);
    const hi = Math.min(b, times[j]!);
    sum += ((hi - lo) * (interpolate(times, values, lo) + interpolate(times, values, hi))) / 2;
  }
  return sum;
}
