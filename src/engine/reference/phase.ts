/**
 * Reference port of `engine-rs/src/phase.rs`: a phase as a fold of its points' signed ω, α, body
 * α and power (every metric it reports is linear in those), with rest and noise blips trimmed
 * off its edges (a run of moving points counts once its path reaches MOVE_CONFIRM_DEG); a phase
 * reports the magnitude of each mean. Objects here are mutable; `clone()` stands in for Rust's
 * copies.
 */
import type { PhaseSummary } from '../types';
import { MOVE_CONFIRM_DEG, REST_OMEGA_RAD_S } from './constants';
import type { Point } from './derive';
import type { Edges } from './edges';
import { streamFor } from './window';

/** Summed values: ω, α, α signed as the body's acceleration, P; then the smoothed powers (see window.ts), which reps.ts tracks the peak power from. */
export const SUM_COUNT = 4;
export const SMOOTHED = SUM_COUNT;
const [OMEGA, ALPHA, BODY_ALPHA, POWER] = [0, 1, 2, 3] as const;

/** Where a point is: its global index and time, µs. */
export interface At {
  index: number;
  timeUs: number;
}

class Sums {
  count = 0;
  total = [0, 0, 0, 0];
  peakOmega = 0;
  first: At = { index: 0, timeUs: 0 };
  last: At = { index: 0, timeUs: 0 };

  addPoint(m: readonly number[], at: At): void {
    if (this.count === 0) this.first = at;
    this.last = at;
    this.count += 1;
    for (let i = 0; i < SUM_COUNT; i++) this.total[i]! += m[i]!;
    this.peakOmega = Math.max(this.peakOmega, Math.abs(m[OMEGA]!));
  }

  add(o: Sums): void {
    if (o.count === 0) return;
    if (this.count === 0) this.first = o.first;
    this.last = o.last;
    this.count += o.count;
    for (let i = 0; i < SUM_COUNT; i++) this.total[i]! += o.total[i]!;
    this.peakOmega = Math.max(this.peakOmega, o.peakOmega);
  }

  clone(): Sums {
    const c = new Sums();
    c.count = this.count;
    c.total = [...this.total];
    c.peakOmega = this.peakOmega;
    c.first = this.first;
    c.last = this.last;
    return c;
  }
}

/** ω, α, α signed as the body's acceleration, P, the smoothed powers, and whether the point is moving. */
export function phaseValues(p: Point, smoothed: readonly number[]): [number[], boolean] {
  const alpha = p.angularAcceleration;
  const bodyAlpha = p.angleDeg < 0 ? alpha : -alpha;
  return [[p.angularVelocity, alpha, bodyAlpha, p.power, ...smoothed], Math.abs(p.angularVelocity) >= REST_OMEGA_RAD_S];
}

/** The peak power of a phase of `durationS` whose fits' peaks are `peaks`: the fit its duration picks. */
export const peakPowerOf = (durationS: number, peaks: readonly number[]): number => peaks[streamFor(durationS)]!;

/** A phase's figures and where its movement starts and ends, µs on the session's clock. */
export interface TimedPhase {
  phase: PhaseSummary;
  startUs: number;
  endUs: number;
}

/** A grid point shared by two phases: from `timeUs`, the fraction `after` of its step belongs to the later one. */
export interface Split {
  index: number;
  values: readonly number[];
  after: number;
  timeUs: number;
}

/** What a phase summary needs besides its points: the grid step, and the settings that turn summed ω and α into metrics. */
export interface SummaryContext {
  /** Grid step, µs. */
  stepUs: number;
  /** The athlete's weight m·g, N. */
  weight: number;
  /** r, 2r, 1/r (m, m, 1/m), inertia I (kg·m²), body mass m (kg). */
  radius: number;
  twoRadius: number;
  invRadius: number;
  inertia: number;
  mass: number;
  edges: Edges;
}

type Run = 'none' | 'unconfirmed' | 'confirmed';

export class PhaseAcc {
  private body = new Sums();
  private trail = new Sums();
  private run = new Sums();
  private runState: Run = 'none';
  private runPathDeg = 0;
  private runSign = 0;
  private lead = new Sums();
  private leadSign = 0;
  private leadUsed = false;
  private ramp = new Sums();
  private rampSign = 0;

  constructor(private lastP: number) {}

  push(m: readonly number[], moving: boolean, p: number, at: At): void {
    if (moving) {
      if (this.runState === 'none') {
        this.runState = 'unconfirmed';
        this.run = new Sums();
        this.runPathDeg = 0;
        this.runSign = Math.sign(m[OMEGA]!);
      }
      this.run.addPoint(m, at);
      if (this.runState === 'unconfirmed') {
        this.runPathDeg += Math.abs(p - this.lastP);
        if (this.runPathDeg >= MOVE_CONFIRM_DEG) this.runState = 'confirmed';
      }
    } else {
      this.closeRun();
      const s = Math.sign(m[OMEGA]!);
      if (this.body.count > 0) {
        this.trail.addPoint(m, at);
        if (this.rampSign !== 0 && s === this.rampSign) this.ramp.addPoint(m, at);
        else this.rampSign = 0;
      } else if (s !== 0 && s === this.leadSign) {
        this.lead.addPoint(m, at);
      } else {
        this.lead = new Sums();
        this.lead.addPoint(m, at);
        this.leadSign = s;
      }
    }
    this.lastP = p;
  }

  isMoving(): boolean {
    return this.runState === 'confirmed';
  }

  private closeRun(): void {
    if (this.runState === 'unconfirmed' && this.body.count > 0) {
      this.trail.add(this.run);
      this.rampSign = 0;
    } else if (this.runState === 'unconfirmed') {
      this.lead = new Sums();
      this.leadSign = 0;
    }
    if (this.runState === 'confirmed') {
      if (this.body.count === 0) this.leadUsed = this.leadSign !== 0 && this.leadSign === this.runSign;
      this.body.add(this.trail);
      this.body.add(this.run);
      this.trail = new Sums();
      this.ramp = new Sums();
      this.rampSign = this.runSign;
    }
    this.runState = 'none';
  }

  clone(): PhaseAcc {
    const c = new PhaseAcc(this.lastP);
    c.body = this.body.clone();
    c.trail = this.trail.clone();
    c.run = this.run.clone();
    c.runState = this.runState;
    c.runPathDeg = this.runPathDeg;
    c.runSign = this.runSign;
    c.lead = this.lead.clone();
    c.leadSign = this.leadSign;
    c.leadUsed = this.leadUsed;
    c.ramp = this.ramp.clone();
    c.rampSign = this.rampSign;
    return c;
  }

  /** Index of the last point of the phase's last movement, as if it ended at the last point pushed (null without movement). */
  movementEnd(): number | null {
    const closed = this.clone();
    closed.closeRun();
    return closed.body.count > 0 ? closed.body.last.index : null;
  }

  /**
   * The phase's figures, as if it ended at the last point pushed; `head` is the point before
   * the phase that it shares with the previous one, `tail` its last point, shared with the next;
   * `peaks` each fit's largest smoothed power over the phase in its own direction (reps.ts tracks them).
   */
  summary(c: SummaryContext, head: Split | null, tail: Split | null, peaks: readonly number[]): TimedPhase {
    const closed = this.clone();
    closed.closeRun();
    const b = closed.body;
    if (b.count === 0) {
      const phase = { duration: 0, velocity: 0, acceleration: 0, torque: 0, force: 0, linearForce: 0, netForce: 0, power: 0, peakVelocity: 0, peakPower: 0, work: 0 };
      return { phase, startUs: 0, endUs: 0 };
    }
    // The speed-up before the first movement and the slow-down after the last, below the rest
    // threshold, are still the phase's: with them its Δω runs from rest to rest.
    const total = [...b.total];
    let peakOmega = b.peakOmega;
    for (const extra of closed.leadUsed ? [closed.lead, closed.ramp] : [closed.ramp]) {
      for (let i = 0; i < SUM_COUNT; i++) total[i]! += extra.total[i]!;
      peakOmega = Math.max(peakOmega, extra.peakOmega);
    }
    let startUs = c.edges.onsetNear(b.first.index) ?? b.first.timeUs - 0.5 * c.stepUs;
    let endUs = c.edges.stopNear(b.last.index) ?? b.last.timeUs + 0.5 * c.stepUs;
    if (head !== null && head.index + 1 === b.first.index) {
      for (let i = 0; i < SUM_COUNT; i++) total[i]! += head.after * head.values[i]!;
      startUs = head.timeUs;
    }
    if (tail !== null && tail.index === b.last.index) {
      for (let i = 0; i < SUM_COUNT; i++) total[i]! -= tail.after * tail.values[i]!;
      endUs = tail.timeUs;
    }
    const gridUs = b.last.timeUs - b.first.timeUs + c.stepUs;
    const durationUs = endUs - startUs > 0 ? endUs - startUs : gridUs;
    const mean = (i: number) => (total[i]! * c.stepUs) / durationUs;
    const [alpha, power] = [mean(ALPHA), mean(POWER)];
    const torque = c.inertia * alpha;
    const force = torque * c.invRadius;
    const linearForce = c.mass * (c.twoRadius * mean(BODY_ALPHA));
    const phase: PhaseSummary = {
      duration: durationUs / 1e6,
      velocity: Math.abs(c.radius * mean(OMEGA)),
      acceleration: Math.abs(c.twoRadius * alpha),
      torque: Math.abs(torque),
      force: Math.abs(force),
      linearForce: Math.abs(linearForce),
      netForce: linearForce + c.weight + Math.abs(force),
      power: Math.abs(power),
      peakVelocity: c.radius * peakOmega,
      peakPower: peakPowerOf(durationUs / 1e6, peaks),
      work: Math.abs(total[POWER]! * c.stepUs * 1e-6),
    };
    return { phase, startUs, endUs: startUs + durationUs };
  }
}
