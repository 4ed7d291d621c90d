/**
 * Reference port of `engine-rs/src/phase.rs`: a phase as a fold of its points' signed ω, α, body
 * α and power (every metric it reports is linear in those), with rest and noise blips trimmed
 * off its edges (a run of moving points counts once its path reaches MOVE_CONFIRM_DEG); a phase
 * reports the magnitude of each mean. Objects here are mutable and reused: sums are numeric
 * fields, a point's values are fields of the detector's one point (rust: `[f64; VALUE_COUNT]`),
 * and `copyFrom()` and `reset()` stand in for Rust's copies and new values, so folding a point
 * allocates nothing.
 */
import type { PhaseSummary } from '../types';
import * as constants from './constants';
import type { Rates } from './derive';
import type { Edges } from './edges';
import * as powerWindow from './window';

// Imported values read once, into module constants: vitest, which runs this port for the tests and
// the benchmark, turns every use of an imported binding into a getter call (see ../README.md).
const { MOVE_CONFIRM_DEG, REST_OMEGA_RAD_S } = constants;
const { STREAMS, streamFor } = powerWindow;

/**
 * A point as a phase folds it (rust: `push(m, moving, p, at)`, its arguments in one object:
 * reps.ts's `DetectorPoint`): grid index and time (µs), filtered angle (degrees, |angle| is the
 * rope position p), whether it moves, and its phase values (rust: `[f64; VALUE_COUNT]`, see
 * `phaseValues`).
 */
export interface FoldedPoint {
  index: number;
  timeUs: number;
  angleDeg: number;
  moving: boolean;
  omega: number;
  alpha: number;
  /** α signed as the body's acceleration. */
  bodyAlpha: number;
  power: number;
  /** The smoothed powers, one a fit (window.ts). */
  readonly smoothed: Float64Array;
}

/** Sums over a stretch of points (Σω, Σα, Σ body α, ΣP, signed), the largest |ω|, and where the stretch starts and ends as grid index and time (µs). */
class Sums {
  count = 0;
  omega = 0;
  alpha = 0;
  bodyAlpha = 0;
  power = 0;
  peakOmega = 0;
  firstIndex = 0;
  firstTimeUs = 0;
  lastIndex = 0;
  lastTimeUs = 0;

  addPoint(point: FoldedPoint): void {
    if (this.count === 0) {
      this.firstIndex = point.index;
      this.firstTimeUs = point.timeUs;
    }
    this.lastIndex = point.index;
    this.lastTimeUs = point.timeUs;
    this.count += 1;
    this.omega += point.omega;
    this.alpha += point.alpha;
    this.bodyAlpha += point.bodyAlpha;
    this.power += point.power;
    this.peakOmega = Math.max(this.peakOmega, Math.abs(point.omega));
  }

  add(o: Sums): void {
    if (o.count === 0) return;
    if (this.count === 0) {
      this.firstIndex = o.firstIndex;
      this.firstTimeUs = o.firstTimeUs;
    }
    this.lastIndex = o.lastIndex;
    this.lastTimeUs = o.lastTimeUs;
    this.count += o.count;
    this.omega += o.omega;
    this.alpha += o.alpha;
    this.bodyAlpha += o.bodyAlpha;
    this.power += o.power;
    this.peakOmega = Math.max(this.peakOmega, o.peakOmega);
  }

  /** Empty again (rust: `Sums::default()`). */
  clear(): void {
    this.count = 0;
    this.omega = 0;
    this.alpha = 0;
    this.bodyAlpha = 0;
    this.power = 0;
    this.peakOmega = 0;
    this.firstIndex = 0;
    this.firstTimeUs = 0;
    this.lastIndex = 0;
    this.lastTimeUs = 0;
  }

  /** Becomes a copy of `o` (rust copies a `Sums` by value). */
  copyFrom(o: Sums): void {
    this.count = o.count;
    this.omega = o.omega;
    this.alpha = o.alpha;
    this.bodyAlpha = o.bodyAlpha;
    this.power = o.power;
    this.peakOmega = o.peakOmega;
    this.firstIndex = o.firstIndex;
    this.firstTimeUs = o.firstTimeUs;
    this.lastIndex = o.lastIndex;
    this.lastTimeUs = o.lastTimeUs;
  }
}

/**
 * Writes the phase values of `point`, whose filtered angle is set: ω, α, α signed as the body's
 * acceleration and P of rates `r` and power `power`, the smoothed powers `smoothed` (what
 * window.ts gave at the point), and whether it moves. Every metric a phase reports a mean of is
 * linear in the first four, so a phase sums those (see phase.rs `phase_values`); reps.ts tracks
 * the peak power from the smoothed powers.
 */
export function phaseValues(r: Rates, power: number, smoothed: Float64Array, point: FoldedPoint): void {
  point.omega = r.omega;
  point.alpha = r.alpha;
  point.bodyAlpha = point.angleDeg < 0 ? r.alpha : -r.alpha;
  point.power = power;
  for (let j = 0; j < STREAMS; j++) point.smoothed[j] = smoothed[j]!;
  point.moving = Math.abs(r.omega) >= REST_OMEGA_RAD_S;
}

/** The peak power of a phase of `durationS` whose fits' peaks are `peaks`: the fit its duration picks. */
export const peakPowerOf = (durationS: number, peaks: Float64Array): number => peaks[streamFor(durationS)]!;

/** A phase's figures and where its movement starts and ends, µs on the session's clock. */
export interface TimedPhase {
  phase: PhaseSummary;
  startUs: number;
  endUs: number;
}

/** A grid point shared by two phases, with its summed values: from `timeUs`, the fraction `after` of its step belongs to the later one. */
export interface Split {
  index: number;
  omega: number;
  alpha: number;
  bodyAlpha: number;
  power: number;
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

/** The open run of moving points: none, not yet MOVE_CONFIRM_DEG of path, or movement. */
type Run = 'none' | 'unconfirmed' | 'confirmed';

export class PhaseAcc {
  private readonly body = new Sums();
  private readonly trail = new Sums();
  private readonly run = new Sums();
  private runState: Run = 'none';
  private runPathDeg = 0;
  private runSign = 0;
  private readonly lead = new Sums();
  private leadSign = 0;
  private leadUsed = false;
  private readonly ramp = new Sums();
  private rampSign = 0;

  /** The last point's rope position, degrees. */
  private lastP = 0;

  /** An empty fold of a phase that starts at rope position `p` (|angle|, degrees). */
  constructor(p: number) {
    this.lastP = p;
  }

  /**
   * Adds the next point. The point comes as an object rather than as its numbers, which V8 would
   * box on every call it does not inline.
   */
  push(point: FoldedPoint): void {
    const p = Math.abs(point.angleDeg);
    if (point.moving) {
      if (this.runState === 'none') {
        this.runState = 'unconfirmed';
        this.run.clear();
        this.runPathDeg = 0;
        this.runSign = Math.sign(point.omega);
      }
      this.run.addPoint(point);
      if (this.runState === 'unconfirmed') {
        this.runPathDeg += Math.abs(p - this.lastP);
        if (this.runPathDeg >= MOVE_CONFIRM_DEG) this.runState = 'confirmed';
      }
    } else {
      this.closeRun();
      const s = Math.sign(point.omega);
      if (this.body.count > 0) {
        this.trail.addPoint(point);
        if (this.rampSign !== 0 && s === this.rampSign) this.ramp.addPoint(point);
        else this.rampSign = 0;
      } else if (s !== 0 && s === this.leadSign) {
        this.lead.addPoint(point);
      } else {
        this.lead.clear();
        this.lead.addPoint(point);
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
      this.lead.clear();
      this.leadSign = 0;
    }
    if (this.runState === 'confirmed') {
      if (this.body.count === 0) this.leadUsed = this.leadSign !== 0 && this.leadSign === this.runSign;
      this.body.add(this.trail);
      this.body.add(this.run);
      this.trail.clear();
      this.ramp.clear();
      this.rampSign = this.runSign;
    }
    this.runState = 'none';
  }

  /** Empty again, for a phase starting at rope position `p` (rust: `PhaseAcc::new`). */
  reset(p: number): this {
    this.body.clear();
    this.trail.clear();
    this.run.clear();
    this.runState = 'none';
    this.runPathDeg = 0;
    this.lastP = p;
    this.runSign = 0;
    this.lead.clear();
    this.leadSign = 0;
    this.leadUsed = false;
    this.ramp.clear();
    this.rampSign = 0;
    return this;
  }

  /** Becomes a copy of `o` (rust copies a `PhaseAcc` by value). */
  copyFrom(o: PhaseAcc): this {
    this.body.copyFrom(o.body);
    this.trail.copyFrom(o.trail);
    this.run.copyFrom(o.run);
    this.runState = o.runState;
    this.runPathDeg = o.runPathDeg;
    this.lastP = o.lastP;
    this.runSign = o.runSign;
    this.lead.copyFrom(o.lead);
    this.leadSign = o.leadSign;
    this.leadUsed = o.leadUsed;
    this.ramp.copyFrom(o.ramp);
    this.rampSign = o.rampSign;
    return this;
  }

  /** A copy with the open run closed: the phase as if it ended at the last point pushed. */
  private closed(): PhaseAcc {
    const closed = new PhaseAcc(0).copyFrom(this);
    closed.closeRun();
    return closed;
  }

  /** Index of the last point of the phase's last movement, as if it ended at the last point pushed (null without movement). */
  movementEnd(): number | null {
    const closed = this.closed();
    return closed.body.count > 0 ? closed.body.lastIndex : null;
  }

  /**
   * The phase's figures, as if it ended at the last point pushed; `head` is the point before
   * the phase that it shares with the previous one, `tail` its last point, shared with the next;
   * `peaks` each fit's largest smoothed power over the phase in its own direction (reps.ts tracks them).
   */
  summary(c: SummaryContext, head: Split | null, tail: Split | null, peaks: Float64Array): TimedPhase {
    const closed = this.closed();
    const b = closed.body;
    if (b.count === 0) {
      const phase = { duration: 0, velocity: 0, acceleration: 0, torque: 0, force: 0, linearForce: 0, netForce: 0, power: 0, peakVelocity: 0, peakPower: 0, work: 0 };
      return { phase, startUs: 0, endUs: 0 };
    }
    // The speed-up before the first movement and the slow-down after the last, below the rest
    // threshold, are still the phase's: with them its Δω runs from rest to rest.
    let { omega, alpha, bodyAlpha, power } = b;
    let peakOmega = b.peakOmega;
    for (const extra of closed.leadUsed ? [closed.lead, closed.ramp] : [closed.ramp]) {
      omega += extra.omega;
      alpha += extra.alpha;
      bodyAlpha += extra.bodyAlpha;
      power += extra.power;
      peakOmega = Math.max(peakOmega, extra.peakOmega);
    }
    let startUs = c.edges.onsetNear(b.firstIndex) ?? b.firstTimeUs - 0.5 * c.stepUs;
    let endUs = c.edges.stopNear(b.lastIndex) ?? b.lastTimeUs + 0.5 * c.stepUs;
    if (head !== null && head.index + 1 === b.firstIndex) {
      omega += head.after * head.omega;
      alpha += head.after * head.alpha;
      bodyAlpha += head.after * head.bodyAlpha;
      power += head.after * head.power;
      startUs = head.timeUs;
    }
    if (tail !== null && tail.index === b.lastIndex) {
      omega -= tail.after * tail.omega;
      alpha -= tail.after * tail.alpha;
      bodyAlpha -= tail.after * tail.bodyAlpha;
      power -= tail.after * tail.power;
      endUs = tail.timeUs;
    }
    const gridUs = b.lastTimeUs - b.firstTimeUs + c.stepUs;
    const durationUs = endUs - startUs > 0 ? endUs - startUs : gridUs;
    const mean = (sum: number) => (sum * c.stepUs) / durationUs;
    const [meanAlpha, meanPower] = [mean(alpha), mean(power)];
    const torque = c.inertia * meanAlpha;
    const force = torque * c.invRadius;
    const linearForce = c.mass * (c.twoRadius * mean(bodyAlpha));
    const phase: PhaseSummary = {
      duration: durationUs / 1e6,
      velocity: Math.abs(c.radius * mean(omega)),
      acceleration: Math.abs(c.twoRadius * meanAlpha),
      torque: Math.abs(torque),
      force: Math.abs(force),
      linearForce: Math.abs(linearForce),
      netForce: linearForce + c.weight + Math.abs(force),
      power: Math.abs(meanPower),
      peakVelocity: c.radius * peakOmega,
      peakPower: peakPowerOf(durationUs / 1e6, peaks),
      work: Math.abs(power * c.stepUs * 1e-6),
    };
    return { phase, startUs, endUs: startUs + durationUs };
  }
}
