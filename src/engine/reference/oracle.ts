/**
 * The whole pipeline over whole arrays (`engine-rs/src/session.rs` and the crate doc's
 * "Pipeline"): samples in; points, reps and turns out, the reps and turns in the order the engine
 * publishes them and with what is known where it does.
 */
import type { EngineSettings, ProcessedPoints, Rep, SampleProblems, Turn } from '../types';
import { DEG_TO_RAD, FILTER_MAX_HALF_WIDTH, GRAVITY, REST_OMEGA_RAD_S } from './constants';
import { metrics, power, rates } from './derive';
import { lastStopUs, movements, onsetNear, stopNear, timeEdges } from './edges';
import { inputStage, type Samples } from './input';
import { detectReps } from './reps';
import { resample } from './resample';
import { buffer, halfWidth, savgol } from './savgol';
import { settlePoints, smoothedPower } from './window';

export interface OracleRun {
  /** Every point the engine has produced (all of them once finished), if asked for. */
  points: ProcessedPoints | null;
  pointCount: number;
  /** In the order the engine publishes them. */
  reps: Rep[];
  turns: Turn[];
  skipped: number;
  /** What the input stage and the detector set aside, over the whole run. */
  problems: SampleProblems;
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
  const accepted = inputStage({ ...samples, omega: used.omega ? samples.omega : undefined, alpha: used.alpha ? samples.alpha : undefined }, s.radius, finished);
  const grid = resample(accepted, stepUs, used.omega || used.alpha);
  const m = halfWidth(s.hz);
  // The device's rates go through the same fit (its value), when the session uses them, after a
  // buffer that puts them on the buffered angle's clock (smooth.rs `rate`: ω 3 step means, α 4).
  const smooth = (values: number[], from: number, to: number, use: boolean, width: number) => (use ? savgol(buffer(values.slice(from, to), width), m).value : values.slice(from, to));
  const segments = grid.segments.map(({ from, to }) => ({
    angle: savgol(buffer(grid.rawDeg.slice(from, to)), m),
    omega: smooth(grid.omega, from, to, used.omega || used.alpha, 3),
    alpha: smooth(grid.alpha, from, to, used.omega || used.alpha, 4),
  }));
  const joined = (column: (f: (typeof segments)[number]) => number[]) => ([] as number[]).concat(...segments.map(column));
  const filtered = {
    angleDeg: joined((f) => f.angle.value),
    slope: joined((f) => f.angle.slope),
    omega: joined((f) => f.omega),
    alpha: joined((f) => f.alpha),
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
    // The angle's own rate says moving or still, and which way (phase.rs `phase_values`).
    rate: filtered.slope.map((slope) => slope * s.hz * DEG_TO_RAD),
    moving: filtered.slope.map((slope) => Math.abs(slope * s.hz * DEG_TO_RAD) >= REST_OMEGA_RAD_S),
  };

  // session.rs: a phase may start or stop anywhere the filter spreads an edge, m points and a margin.
  const slack = Math.min(m + 2, FILTER_MAX_HALF_WIDTH + 2);
  // Fitted on the resampled angle's clock, reported on the filtered angle's: 1.5 steps later (the 4-point buffer).
  const starts = grid.segments.map(({ from }) => from);
  /** The first point of the segment that point `by` is in. */
  const segmentOf = (by: number) => starts.findLast((from) => from <= by) ?? 0;
  const runs = timeEdges(movements(pts.moving, pts.p, count, starts), grid.timeUs, grid.rawDeg, count, s.hz, 1.5 * stepUs, slack, starts);
  const detected = detectReps(pts, count, finished, {
    warmup: s.warmup,
    stepUs,
    radius: s.radius,
    smoothed: smoothedPower(pts, grid.segments, count, finished, s.hz),
    settle: settlePoints(s.hz),
    lastStopUs: (by) => lastStopUs(runs, by, segmentOf(by)),
    segmentStarts: starts,
    phaseContext: (by) => ({
      stepUs,
      radius: s.radius,
      inertia: s.inertia,
      mass: s.mass,
      weight: s.mass * GRAVITY,
      onsetNear: (index) => onsetNear(runs, index, slack, by, segmentOf(by)),
      stopNear: (index) => stopNear(runs, index, slack, by, segmentOf(by)),
    }),
  });
  // The engine works on the session's clock and reports on the unit's (input.rs, "Clock").
  const origin = accepted.originUs;
  const onClock = (us: number, phase: { duration: number }) => (phase.duration > 0 ? us + origin : us);
  const { skipped, ...counts } = accepted.counts;
  return {
    points: withPoints ? metrics(grid.timeUs.slice(0, count).map((t) => t + origin), angleDeg, r, s) : null,
    pointCount: count,
    reps: detected.reps.map((rep) => ({ ...rep, startUs: onClock(rep.startUs, rep.concentric), endUs: onClock(rep.endUs, rep.eccentric) })),
    turns: detected.turns.map((turn) => ({ ...turn, startUs: onClock(turn.startUs, turn.concentric) })),
    skipped,
    problems: { ...counts, refused: detected.refused },
  };
}
