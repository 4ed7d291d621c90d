/**
 * Reference port of `engine-rs/src/derive.rs` (which documents the physics): ω from the filtered
 * angle's slope and α as its backward difference, or the device's values, and the derived metrics of one point.
 */
import type { EngineSettings, ProcessedPoints } from '../types';
import { DEG_TO_RAD, GRAVITY } from './constants';
import type { Filtered } from './savgol';

/** One processed point as scalars: the columns of `ProcessedPoints`, by the same names. */
export type Point = Record<keyof ProcessedPoints, number>;

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

export class Deriver {
  private readonly hz: number;
  private readonly omegaScale: number;
  private readonly radius: number;
  private readonly invRadius: number;
  private readonly twoRadius: number;
  private omegaFromAngle = true;
  private alphaFromOmega = true;
  private seen = false;
  private prevOmega = 0;

  constructor(private readonly s: EngineSettings) {
    this.hz = s.hz;
    this.omegaScale = DEG_TO_RAD * s.hz;
    this.radius = s.radius;
    this.invRadius = 1 / s.radius;
    this.twoRadius = 2 * s.radius;
  }

  useDevice(omega: boolean, alpha: boolean): void {
    this.omegaFromAngle = !omega;
    this.alphaFromOmega = !alpha;
  }

  /** The point of the filtered grid point `f`. */
  derive(f: Filtered): Point {
    const { g, angle: angleDeg } = f;
    if (g.first) this.seen = false;
    const omega = this.omegaFromAngle ? f.slope * this.omegaScale : f.omega;
    let alpha = 0;
    if (!this.alphaFromOmega) alpha = f.alpha;
    else if (this.seen) alpha = (omega - this.prevOmega) * this.hz;
    const omegaMid = this.seen ? 0.5 * (omega + this.prevOmega) : omega;
    this.seen = true;
    this.prevOmega = omega;

    const acceleration = alpha * this.twoRadius;
    const torque = this.s.inertia * alpha;
    const force = torque * this.invRadius;
    const bodyAcceleration = angleDeg < 0 ? acceleration : -acceleration;
    return {
      timeUs: g.sample.timeUs,
      angleDeg,
      angularVelocity: omega,
      angularAcceleration: alpha,
      velocity: omega * this.radius,
      acceleration,
      torque,
      force,
      linearForce: this.s.mass * bodyAcceleration,
      netForce: this.s.mass * (bodyAcceleration + GRAVITY) + Math.abs(force),
      power: torque * omegaMid,
    };
  }
}
