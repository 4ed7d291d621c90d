/**
 * The angular velocity and acceleration the engine used, at each raw sample's time: what the
 * debug CSV's rate columns carry, so that importing the file with the calc flags off gives back
 * the session's own rates instead of new ones computed from the angle. The engine's points are
 * on its grid (and lag the raw angle by its smoothing), so each sample takes the linear
 * interpolation of the two grid points around its time, or the nearest point's value before the
 * first or after the last.
 */
import type { ProcessedPoints } from '../engine/types';

export interface SampleRates {
  angularVelocity: Float64Array;
  angularAcceleration: Float64Array;
}

export function ratesAtSamples(timeUs: Float64Array, points: Pick<ProcessedPoints, 'timeUs' | 'angularVelocity' | 'angularAcceleration'>): SampleRates {
  const n = timeUs.length;
  const grid = points.timeUs;
  const angularVelocity = new Float64Array(n);
  const angularAcceleration = new Float64Array(n);
  if (grid.length === 0) return { angularVelocity, angularAcceleration };
  let k = 0;
  for (let i = 0; i < n; i++) {
    const t = timeUs[i]!;
    // Sample times increase, so the bracketing grid point only moves forward.
    while (k + 1 < grid.length && grid[k + 1]! <= t) k++;
    const next = Math.min(k + 1, grid.length - 1);
    const span = grid[next]! - grid[k]!;
    const frac = span > 0 ? Math.min(Math.max((t - grid[k]!) / span, 0), 1) : 0;
    angularVelocity[i] = points.angularVelocity[k]! + (points.angularVelocity[next]! - points.angularVelocity[k]!) * frac;
    angularAcceleration[i] = points.angularAcceleration[k]! + (points.angularAcceleration[next]! - points.angularAcceleration[k]!) * frac;
  }
  return { angularVelocity, angularAcceleration };
}
