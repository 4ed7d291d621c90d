/**
 * Reference port of `engine-rs/src/derive.rs` (which documents the physics): ω from the filtered
 * angle's slope and α as its backward difference, or the device's values, and the derived metrics of one point.
 */
import type { EngineSettings, ProcessedPoints } from '../types';
import * as constants from './constants';

// Imported values read once, into module constants: vitest, which runs this port for the tests and
// the benchmark, turns every use of an imported binding into a getter call (see ../README.md).
const { DEG_TO_RAD, GRAVITY } = constants;

/**
 * The columns, in this port's order. `satisfies` checks the list against the engine's generated
 * type both ways (no name missing, none extra), so the port cannot drift from the engine.
 */
export const POINT_NAMES = [
  'timeUs',
  'angleDeg',
  'angularVelocity',
  'angularAcceleration',
  'velocity',
  'acceleration',
  'torque',
  'force',
  'linearForce',
  'netForce',
  'power',
] as const satisfies readonly (keyof ProcessedPoints)[];
type Missing = Exclude<keyof ProcessedPoints, (typeof POINT_NAMES)[number]>;
const complete: Missing extends never ? true : Missing = true;
void complete;

/** A point's ω and α (rad/s, rad/s²), and the ω that power pairs α with (the mean of this and the previous point's ω). */
export class Rates {
  omega = 0;
  alpha = 0;
  omegaMid = 0;
}

export class Deriver {
  private readonly hz: number;
  private readonly omegaScale: number;
  private readonly radius: number;
  private readonly invRadius: number;
  private readonly twoRadius: number;
  private readonly inertia: number;
  private readonly mass: number;
  private omegaFromAngle = true;
  private alphaFromOmega = true;
  private seen = false;
  private prevOmega = 0;
  /** What {@link rates} returns: one object, overwritten at each call. */
  private readonly current = new Rates();

  constructor(s: EngineSettings) {
    this.hz = s.hz;
    this.omegaScale = DEG_TO_RAD * s.hz;
    this.radius = s.radius;
    this.invRadius = 1 / s.radius;
    this.twoRadius = 2 * s.radius;
    this.inertia = s.inertia;
    this.mass = s.mass;
  }

  useDevice(omega: boolean, alpha: boolean): void {
    this.omegaFromAngle = !omega;
    this.alphaFromOmega = !alpha;
  }

  /**
   * The rates of the next filtered point: `slope` is the filtered angle's rate (degrees per grid
   * step), `deviceOmega` and `deviceAlpha` the device's smoothed ω and α, `first` true at a
   * segment's first point. The returned object is overwritten by the next call.
   */
  rates(slope: number, deviceOmega: number, deviceAlpha: number, first: boolean): Rates {
    if (first) this.seen = false;
    const omega = this.omegaFromAngle ? slope * this.omegaScale : deviceOmega;
    let alpha = 0;
    if (!this.alphaFromOmega) alpha = deviceAlpha;
    else if (this.seen) alpha = (omega - this.prevOmega) * this.hz;
    // α_k is centred half a step before ω_k; power pairs it with ω at the same instant.
    const omegaMid = this.seen ? 0.5 * (omega + this.prevOmega) : omega;
    this.seen = true;
    this.prevOmega = omega;
    const r = this.current;
    r.omega = omega;
    r.alpha = alpha;
    r.omegaMid = omegaMid;
    return r;
  }

  /** Power P = τ·ω (W) of a point with rates `r`. */
  power(r: Rates): number {
    return this.inertia * r.alpha * r.omegaMid;
  }

  /** Writes every metric of the point at `timeUs` with filtered angle `angleDeg` and rates `r` into row `k` of `out`. */
  point(timeUs: number, angleDeg: number, r: Rates, out: ProcessedPoints, k: number): void {
    const acceleration = r.alpha * this.twoRadius;
    const torque = this.inertia * r.alpha;
    const force = torque * this.invRadius;
    const bodyAcceleration = angleDeg < 0 ? acceleration : -acceleration;
    out.timeUs[k] = timeUs;
    out.angleDeg[k] = angleDeg;
    out.angularVelocity[k] = r.omega;
    out.angularAcceleration[k] = r.alpha;
    out.velocity[k] = r.omega * this.radius;
    out.acceleration[k] = acceleration;
    out.torque[k] = torque;
    out.force[k] = force;
    out.linearForce[k] = this.mass * bodyAcceleration;
    out.netForce[k] = this.mass * (bodyAcceleration + GRAVITY) + Math.abs(force);
    out.power[k] = torque * r.omegaMid;
  }
}
