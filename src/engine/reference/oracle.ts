/**
 * The whole pipeline over whole arrays (`engine-rs/src/session.rs` and the crate doc's
 * "Pipeline"): samples in; points, reps and turns out, each rep and turn with the grid point at
 * which the engine publishes it.
 */
import type { EngineSettings, ProcessedPoints, Rep, Turn } from '../types';
import { FILTER_MAX_HALF_WIDTH, GRAVITY, REST_OMEGA_RAD_S } from './constants';
import { metrics, power, rates } from './derive';
import { lastStopUs, movements, onsetNear, stopNear, timeEdges } from './edges';
import { detectReps, type Published } from './reps';
import { accept, resample, type Samples } from './resample';
import { buffer, halfWidth, savgol } from './savgol';
import { blockPoints, halfWidths, smoothedPower } from './window';

export interface OracleRun {
  /** Every point the engine has produced (all of them once finished), if asked for. */
  points: ProcessedPoints | null;
  pointCount: number;
  reps: Published<Rep>[];
  turns: Published<Turn>[];
  skipped: number;
}

/**
 * Runs `samples` through the pipeline. The device's rates are used where the samples carry them
 * and the settings do not say to compute them. Unless `finished`, the session is live: the filter
 * still holds the last m points of the last segment (a segment shorter than its window, all of
 * them), which rep detection has not seen either; `finished` gives every point and the end of
 * data's reps (session.rs `Engine::finish`).
 */
export function runOracle(samples: Samples, s: EngineSettings, finished: boolean, withPoints: boolean): OracleRun {
  const stepUs = 1e6 / s.hz;
  const used = {
    omega: samples.omega !== undefined && !s.calcAngularVelocity,
    alpha: samples.alpha !== undefined && !s.calcAngularAcceleration,
  };
  const accepted = accept({ ...samples, omega: used.omega ? samples.omega : undefined, alpha: used.alpha ? samples.alpha : undefined });
  const grid = resample(accepted, stepUs, used.omega || used.alpha);
  const m = halfWidth(s.hz);
  // The device's rates go through the same fit (its value), when the session uses them.
  const smooth = (values: number[], from: number, to: number, use: boolean) => (use ? savgol(values.slice(from, to), m).value : values.slice(from, to));
  const segments = grid.segments.map(({ from, to }) => ({
    angle: savgol(buffer(grid.rawDeg.slice(from, to)), m),
    omega: smooth(grid.omega, from, to, used.omega || used.alpha),
    alpha: smooth(grid.alpha, from, to, used.omega || used.alpha),
  }));
  const filtered = {
    angleDeg: segments.flatMap((f) => f.angle.value),
    slope: segments.flatMap((f) => f.angle.slope),
    omega: segments.flatMap((f) => f.omega),
    alpha: segments.flatMap((f) => f.alpha),
  };
  const last = grid.segments[grid.segments.length - 1];
  const held = finished || last === undefined ? 0 : last.to - last.from >= 2 * m + 1 ? m : last.to - last.from;
  const count = grid.timeUs.length - held;

  const r = rates(grid.segments, filtered.slope, { omega: filtered.omega, alpha: filtered.alpha, useOmega: used.omega, useAlpha: used.alpha }, s.hz);
  const p = power(r, s);
  const angleDeg = filtered.angleDeg.slice(0, count);
  const pts = {
    angleDeg,
    p: angleDeg.map(Math.abs),
    timeUs: grid.timeUs,
    omega: r.omega,
    alpha: r.alpha,
    bodyAlpha: r.alpha.map((alpha, k) => (filtered.angleDeg[k]! < 0 ? alpha : -alpha)),
    power: p,
    moving: r.omega.map((omega) => Math.abs(omega) >= REST_OMEGA_RAD_S),
  };

  const runs = movements(pts.moving, pts.p, count);
  timeEdges(runs, grid.timeUs, grid.rawDeg, count, s.hz, 1.5 * stepUs);
  const slack = Math.min(m + 2, FILTER_MAX_HALF_WIDTH + 2);
  const block = blockPoints(s.hz);
  const detected = detectReps(pts, count, finished, {
    warmup: s.warmup,
    stepUs,
    smoothed: smoothedPower(p, grid.segments, count, s.hz),
    delays: halfWidths(s.hz).map((n) => n * block + (block - 1) - Math.floor((block - 1) / 2)),
    lastStopUs: (by) => lastStopUs(runs, by),
    phaseContext: (by) => ({
      stepUs,
      radius: s.radius,
      inertia: s.inertia,
      mass: s.mass,
      weight: s.mass * GRAVITY,
      onsetNear: (index) => onsetNear(runs, index, slack, by),
      stopNear: (index) => stopNear(runs, index, slack, by),
    }),
  });
  return {
    points: withPoints ? metrics(grid.timeUs.slice(0, count), angleDeg, r, s) : null,
    pointCount: count,
    reps: detected.reps,
    turns: detected.turns,
    skipped: accepted.skipped,
  };
}
