/**
 * Angular velocity and acceleration, and the derived metrics of each point
 * (`engine-rs/src/derive.rs`, module doc: the physics of every metric).
 */
import type { EngineSettings, ProcessedPoints } from '../types';
import { DEG_TO_RAD, GRAVITY } from './constants';

/** Each point's ω and α (rad/s, rad/s²), and the ω that α is paired with in power (mean of this and the previous point's ω). */
export interface Rates {
  omega: number[];
  alpha: number[];
  omegaMid: number[];
}

/**
 * derive.rs: ω is the device's (smoothed) ω when the session uses it, else the filtered angle's
 * rate (`slope`, degrees per grid step) in rad/s; α is the device's when used, else the backward
 * difference (ω_k − ω_{k−1})·hz of whichever ω is in use, 0 at a segment's first point. Power pairs
 * α_k with the mean of ω_k and ω_{k−1} (ω_k itself at a segment's first point).
 */
export function rates(
  segments: readonly { from: number; to: number }[],
  slope: readonly number[],
  device: { omega: readonly number[]; alpha: readonly number[]; useOmega: boolean; useAlpha: boolean },
  hz: number,
): Rates {
  const out: Rates = { omega: [], alpha: [], omegaMid: [] };
  for (const { from, to } of segments) {
    for (let k = from; k < to; k++) {
      const omega = device.useOmega ? device.omega[k]! : slope[k]! * hz * DEG_TO_RAD;
      const first = k === from;
      const before = out.omega[k - 1]!;
      out.omega.push(omega);
      out.alpha.push(device.useAlpha ? device.alpha[k]! : first ? 0 : (omega - before) * hz);
      out.omegaMid.push(first ? omega : (omega + before) / 2);
    }
  }
  return out;
}

/** Power P = τ·ω = I·α·ω (W) of each point, ω the mid-step one (see {@link rates}). */
export function power(r: Rates, s: EngineSettings): number[] {
  return r.alpha.map((alpha, k) => s.inertia * alpha * r.omegaMid[k]!);
}

/**
 * derive.rs: velocity ω·r, acceleration α·2r, torque I·α, tangential force τ/r, the body's
 * acceleration −sign(θ)·a, linear force m·a_body, net force m·(a_body + g) + |F|, power τ·ω_mid.
 */
export function metrics(timeUs: readonly number[], angleDeg: readonly number[], r: Rates, s: EngineSettings): ProcessedPoints {
  const n = timeUs.length;
  const points: ProcessedPoints = {
    timeUs: Float64Array.from(timeUs),
    angleDeg: Float64Array.from(angleDeg),
    angularVelocity: Float64Array.from(r.omega.slice(0, n)),
    angularAcceleration: Float64Array.from(r.alpha.slice(0, n)),
    velocity: new Float64Array(n),
    acceleration: new Float64Array(n),
    torque: new Float64Array(n),
    force: new Float64Array(n),
    linearForce: new Float64Array(n),
    netForce: new Float64Array(n),
    power: new Float64Array(n),
  };
  for (let k = 0; k < n; k++) {
    const acceleration = r.alpha[k]! * 2 * s.radius;
    const torque = s.inertia * r.alpha[k]!;
    const force = torque / s.radius;
    const bodyAcceleration = angleDeg[k]! < 0 ? acceleration : -acceleration;
    points.velocity[k] = r.omega[k]! * s.radius;
    points.acceleration[k] = acceleration;
    points.torque[k] = torque;
    points.force[k] = force;
    points.linearForce[k] = s.mass * bodyAcceleration;
    points.netForce[k] = s.mass * (bodyAcceleration + GRAVITY) + Math.abs(force);
    points.power[k] = torque * r.omegaMid[k]!;
  }
  return points;
}
