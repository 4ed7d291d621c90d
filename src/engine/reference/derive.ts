/**
 * Reference port of `engine-rs/src/derive.rs` (which documents the physics): backward-difference
 * ω and α, or the device's values, and the derived metrics of one point.
 */
import type { EngineSettings, POINT_FIELDS } from '../types';
import { DEG_TO_RAD, GRAVITY } from './constants';
import type { GridPoint } from './resample';

/** One processed point as scalars: the columns of `ProcessedPoints`, by the same names. */
export type Point = Record<(typeof POINT_FIELDS)[number], number>;

export class Deriver {
  private readonly hz: number;
  private readonly omegaScale: number;
  private readonly radius: number;
  private readonly invRadius: number;
  private readonly twoRadius: number;
  private omegaFromAngle = true;
  private alphaFromOmega = true;
  private seen = 0;
  private prevAngle = 0;
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

  derive(g: GridPoint, angleDeg: number): Point {
    if (g.first) this.seen = 0;
    let omega = 0;
    if (!this.omegaFromAngle) omega = g.sample.omega;
    else if (this.seen >= 1) omega = (angleDeg - this.prevAngle) * this.omegaScale;
    const alphaHistory = this.omegaFromAngle ? 2 : 1;
    let alpha = 0;
    if (!this.alphaFromOmega) alpha = g.sample.alpha;
    else if (this.seen >= alphaHistory) alpha = (omega - this.prevOmega) * this.hz;
    const omegaMid = this.seen >= 1 ? 0.5 * (omega + this.prevOmega) : omega;
    this.seen = Math.min(this.seen + 1, 2);
    this.prevAngle = angleDeg;
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
