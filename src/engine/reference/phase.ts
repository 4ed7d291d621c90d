/**
 * A phase's figures from its points (`engine-rs/src/phase.rs`, module doc): rest trimmed off its
 * edges, means as sums over its movement, the turn's grid point shared with the phase beside it.
 */
import type { PhaseSummary } from '../types';
import { PHASE_MOVE_DEG, STILL_OMEGA_RAD_S } from './constants';
import { streamFor } from './window';

/** What a phase's figures are made of, per grid point: the filtered angle, ω, α, α signed as the body's acceleration (derive.rs), power, moving or not, rope position |angle|, time; and the filtered angle's own rate (rad/s), which says which way the rope moves whichever ω the figures take (phase.rs `phase_values`). */
export interface PhasePoints {
  angleDeg: readonly number[];
  omega: readonly number[];
  rate: readonly number[];
  alpha: readonly number[];
  bodyAlpha: readonly number[];
  power: readonly number[];
  moving: readonly boolean[];
  p: readonly number[];
  timeUs: readonly number[];
}

/** The grid point two phases share (the turn): from `timeUs`, the fraction `after` of its step belongs to the later phase. */
export interface Split {
  index: number;
  after: number;
  timeUs: number;
}

/** What the summary needs besides the points. */
export interface PhaseContext {
  stepUs: number;
  radius: number;
  inertia: number;
  mass: number;
  weight: number;
  /** Where the movement that point `index` starts or stops is timed (edges.ts), if it is. */
  onsetNear(index: number): number | null;
  stopNear(index: number): number | null;
}

/** A phase's figures, and where its movement starts and ends (µs; 0 for a phase without movement). */
export interface Timed {
  phase: PhaseSummary;
  startUs: number;
  endUs: number;
}

const EMPTY: Timed = {
  phase: { duration: 0, velocity: 0, acceleration: 0, torque: 0, force: 0, linearForce: 0, netForce: 0, power: 0, peakVelocity: 0, peakPower: 0, work: 0 },
  startUs: 0,
  endUs: 0,
};

const sign = (omega: number) => (omega > STILL_OMEGA_RAD_S ? 1 : omega < -STILL_OMEGA_RAD_S ? -1 : 0);

/**
 * Where the phase's points begin and which way it goes: the extreme `from` it starts after, the
 * point at which the detector became certain of it (`certainAt`: its rope had come back
 * REP_TRAVEL_DEG), and its direction `own` (1 a pull, −1 a release).
 */
export interface PhaseStart {
  from: number;
  certainAt: number;
  own: number;
}

/**
 * Whether point `i` of the phase counts as moving: moving (the angle's rate over the rest
 * threshold), and, up to the point where the phase became certain, moving the phase's way
 * (reps.rs `toward_next`: the filter spreads a hard stop, so after the extreme the previous
 * phase's slow-down still moves its way; a pull has the angle and its rate of opposite signs, a
 * release of the same sign, 0 either).
 */
export function movesIn(pts: PhasePoints, start: PhaseStart, i: number): boolean {
  return pts.moving[i]! && (i > start.certainAt || start.own * pts.angleDeg[i]! * pts.rate[i]! <= 0);
}

/**
 * phase.rs "Rest at the edges": the points of the phase's movement, after the extreme it starts
 * from up to `to`. A run of moving points ({@link movesIn}) is movement once its path Σ|Δp| (from the point before it) reaches
 * PHASE_MOVE_DEG (sustained motion); the body runs from the first point of the first movement to the last point of
 * the last, rest inside included. With it count the still points just before the body in the
 * direction its first movement starts in, since ω last changed sign (the speed-up below the rest
 * threshold), and those just after it in the direction its last movement started in (the
 * slow-down). null without movement.
 *
 * Which way a still point goes is the sign of its ω, none within STILL_OMEGA_RAD_S of 0: where ω
 * is 0 to its last bit (a rope at rest sampled without noise or by an encoder's ticks), the
 * engine's streaming filter leaves rounding of either sign, which decided where the lead began.
 */
export function movementOf(pts: PhasePoints, start: PhaseStart, to: number): { first: number; last: number; counted: number[] } | null {
  const from = start.from;
  const moving = (i: number) => movesIn(pts, start, i);
  const confirmed: { start: number; end: number }[] = [];
  for (let i = from + 1; i <= to; i++) {
    if (!moving(i)) continue;
    let [end, path] = [i, 0];
    for (; end <= to && moving(end); end++) path += Math.abs(pts.p[end]! - pts.p[end - 1]!);
    if (path >= PHASE_MOVE_DEG) confirmed.push({ start: i, end: end - 1 });
    i = end;
  }
  if (confirmed.length === 0) return null;
  const [first, last] = [confirmed[0]!.start, confirmed[confirmed.length - 1]!.end];
  const counted = range(first, last);
  const still = (i: number, direction: number) => i > from && i <= to && !moving(i) && direction !== 0 && sign(pts.omega[i]!) === direction;
  const leadSign = sign(pts.omega[first - 1]!);
  if (leadSign === sign(pts.omega[first]!)) for (let i = first - 1; still(i, leadSign); i--) counted.push(i);
  const rampSign = sign(pts.omega[confirmed[confirmed.length - 1]!.start]!);
  for (let i = last + 1; still(i, rampSign); i++) counted.push(i);
  return { first, last, counted };
}

/**
 * phase.rs "What a phase reports", for the phase from `start` up to `to`: its
 * duration from where its movement starts to where it ends (a rest edge as timed by edges.ts,
 * else half a step beyond the grid point; at the turn, the `head` or `tail` split, whose
 * point's share beyond the crossing goes to the other phase); the magnitudes of the means of the
 * signed values (sums over the movement × step / duration); net force m·(ā_body + g) + |F̄|;
 * peak velocity r·max|ω|; work |ΣP·Δt|; and peak power, the peak of the fit the duration picks
 * (window.ts) in the phase's direction, given in `peaks`.
 */
export function summary(pts: PhasePoints, c: PhaseContext, start: PhaseStart, to: number, head: Split | null, tail: Split | null, peaks: readonly number[]): Timed {
  const body = movementOf(pts, start, to);
  if (body === null) return EMPTY;
  const columns = [pts.omega, pts.alpha, pts.bodyAlpha, pts.power];
  const total = columns.map((column) => body.counted.reduce((s, i) => s + column[i]!, 0));
  const peakOmega = body.counted.reduce((peak, i) => Math.max(peak, Math.abs(pts.omega[i]!)), 0);
  let startUs = c.onsetNear(body.first) ?? pts.timeUs[body.first]! - 0.5 * c.stepUs;
  let endUs = c.stopNear(body.last) ?? pts.timeUs[body.last]! + 0.5 * c.stepUs;
  if (head !== null && head.index + 1 === body.first) {
    columns.forEach((column, v) => (total[v]! += head.after * column[head.index]!));
    startUs = head.timeUs;
  }
  if (tail !== null && tail.index === body.last) {
    columns.forEach((column, v) => (total[v]! -= tail.after * column[tail.index]!));
    endUs = tail.timeUs;
  }
  const gridUs = pts.timeUs[body.last]! - pts.timeUs[body.first]! + c.stepUs;
  const durationUs = endUs - startUs > 0 ? endUs - startUs : gridUs;
  const [omega, alpha, bodyAlpha, power] = total.map((sum) => (sum * c.stepUs) / durationUs) as [number, number, number, number];
  const torque = c.inertia * alpha;
  const force = torque / c.radius;
  const linearForce = c.mass * (2 * c.radius * bodyAlpha);
  const duration = durationUs / 1e6;
  return {
    phase: {
      duration,
      velocity: Math.abs(c.radius * omega),
      acceleration: Math.abs(2 * c.radius * alpha),
      torque: Math.abs(torque),
      force: Math.abs(force),
      linearForce: Math.abs(linearForce),
      netForce: linearForce + c.weight + Math.abs(force),
      power: Math.abs(power),
      peakVelocity: c.radius * peakOmega,
      peakPower: peaks[streamFor(duration)]!,
      work: Math.abs(total[3]! * c.stepUs * 1e-6),
    },
    startUs,
    endUs: startUs + durationUs,
  };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, k) => from + k);
}
