/**
 * Reference port of `engine-rs/src/phase.rs`: a phase as a fold of its points, with rest and
 * noise blips trimmed off its edges (a run of moving points counts once its path reaches
 * MOVE_CONFIRM_DEG). Objects here are mutable; `clone()` stands in for Rust's copies.
 */
import type { PhaseSummary } from '../types';
import { MOVE_CONFIRM_DEG, REST_OMEGA_RAD_S } from './constants';
import type { Point } from './derive';

export const METRIC_COUNT = 7;

class Sums {
  count = 0;
  total = [0, 0, 0, 0, 0, 0, 0];
  peakVelocity = 0;

  addPoint(m: readonly number[]): void {
    this.count += 1;
    for (let i = 0; i < METRIC_COUNT; i++) this.total[i]! += m[i]!;
    this.peakVelocity = Math.max(this.peakVelocity, m[0]!);
  }

  add(o: Sums): void {
    this.count += o.count;
    for (let i = 0; i < METRIC_COUNT; i++) this.total[i]! += o.total[i]!;
    this.peakVelocity = Math.max(this.peakVelocity, o.peakVelocity);
  }

  clone(): Sums {
    const c = new Sums();
    c.count = this.count;
    c.total = [...this.total];
    c.peakVelocity = this.peakVelocity;
    return c;
  }
}

/** |v|, |a|, |τ|, |F|, |linearForce|, |netForce|, |P| and whether the point is moving. */
export function magnitudes(p: Point): [number[], boolean] {
  return [
    [
      Math.abs(p.velocity),
      Math.abs(p.acceleration),
      Math.abs(p.torque),
      Math.abs(p.force),
      Math.abs(p.linearForce),
      Math.abs(p.netForce),
      Math.abs(p.power),
    ],
    Math.abs(p.angularVelocity) >= REST_OMEGA_RAD_S,
  ];
}

type Run = 'none' | 'unconfirmed' | 'confirmed';

export class PhaseAcc {
  private body = new Sums();
  private trail = new Sums();
  private run = new Sums();
  private runState: Run = 'none';
  private runPathDeg = 0;

  constructor(private lastP: number) {}

  push(m: readonly number[], moving: boolean, p: number): void {
    if (moving) {
      if (this.runState === 'none') {
        this.runState = 'unconfirmed';
        this.run = new Sums();
        this.runPathDeg = 0;
      }
      this.run.addPoint(m);
      if (this.runState === 'unconfirmed') {
        this.runPathDeg += Math.abs(p - this.lastP);
        if (this.runPathDeg >= MOVE_CONFIRM_DEG) this.runState = 'confirmed';
      }
    } else {
      this.closeRun();
      if (this.body.count > 0) this.trail.addPoint(m);
    }
    this.lastP = p;
  }

  isMoving(): boolean {
    return this.runState === 'confirmed';
  }

  private closeRun(): void {
    if (this.runState === 'unconfirmed' && this.body.count > 0) this.trail.add(this.run);
    if (this.runState === 'confirmed') {
      this.body.add(this.trail);
      this.body.add(this.run);
      this.trail = new Sums();
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
    return c;
  }

  summary(hz: number): PhaseSummary {
    const closed = this.clone();
    closed.closeRun();
    const b = closed.body;
    const n = b.count;
    const mean = (i: number) => (n === 0 ? 0 : b.total[i]! / n);
    return {
      duration: n / hz,
      velocity: mean(0),
      acceleration: mean(1),
      torque: mean(2),
      force: mean(3),
      linearForce: mean(4),
      netForce: mean(5),
      power: mean(6),
      peakVelocity: n === 0 ? 0 : b.peakVelocity,
    };
  }
}
