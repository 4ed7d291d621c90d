/**
 * The angular velocity and acceleration the engine used, at each raw sample's time: what the
 * debug CSV's rate columns carry, so that importing the file with the calc flags off gives back
 * the session's own rates instead of new ones computed from the angle. The engine's points are
 * on its grid and lag the raw angle by its smoothing buffer: a point's ω is the rope's 1.5 grid
 * steps before the point's time, its α 2 steps before (engine-rs/src/smooth.rs `rate`, which puts
 * an imported ω back on the same clock). So each sample takes the linear interpolation, between
 * the two grid points around its time plus that lag, of the points' value, or the nearest
 * point's value before the first or after the last.
 */
import type { ProcessedPoints } from '../engine/types';

export interface SampleRates {
  angularVelocity: Float64Array;
  angularAcceleration: Float64Array;
}

/** Grid steps by which the engine's ω and α lag the rope (see the module notes). */
const OMEGA_LAG_STEPS = 1.5;
const ALPHA_LAG_STEPS = 2;

export function ratesAtSamples(timeUs: Float64Array, points: Pick<ProcessedPoints, 'timeUs' | 'angularVelocity' | 'angularAcceleration'>): SampleRates {
  const grid = points.timeUs;
  const stepUs = grid.length > 1 ? grid[1]! - grid[0]! : 0;
  return {
    angularVelocity: atTimes(timeUs, OMEGA_LAG_STEPS * stepUs, grid, points.angularVelocity),
    angularAcceleration: atTimes(timeUs, ALPHA_LAG_STEPS * stepUs, grid, points.angularAcceleration),
  };
}

/** `values` on the grid, at each of `timeUs` plus `lagUs`, linearly interpolated (held beyond the grid's ends). */
function atTimes(timeUs: Float64Array, lagUs: number, grid: Float64Array, values: Float64Array): Float64Array {
  const out = new Float64Array(timeUs.length);
  if (grid.length === 0) return out;
  let k = 0;
  for (let i = 0; i < timeUs.length; i++) {
    const t = timeUs[i]! + lagUs;
    // Sample times increase, so the bracketing grid point only moves forward.
    while (k + 1 < grid.length && grid[k + 1]! <= t) k++;
    const next = Math.min(k + 1, grid.length - 1);
    const span = grid[next]! - grid[k]!;
    const frac = span > 0 ? Math.min(Math.max((t - grid[k]!) / span, 0), 1) : 0;
    out[i] = values[k]! + (values[next]! - values[k]!) * frac;
  }
  return out;
}
