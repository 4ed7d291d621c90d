/**
 * Power averaged over a trailing window, mirroring `engine-rs/src/window.rs` (where the reasons
 * are written): a phase's peak power is the largest of these means, not of single points.
 */
import { PEAK_POWER_WINDOW_S } from './constants';

export const windowPoints = (hz: number): number => Math.max(1, Math.round(PEAK_POWER_WINDOW_S * hz));

export class PowerWindow {
  private readonly ring: Float64Array;
  private head = 0;
  private filled = 0;
  private sum = 0;
  /** 1 / filled: the Rust engine multiplies by it rather than divide (see window.rs). */
  private invFilled = 0;
  private sinceResum = 0;

  constructor(hz: number) {
    this.ring = new Float64Array(windowPoints(hz));
  }

  /** Adds the next point's power (`first`: a segment starts there) and returns the mean. */
  push(power: number, first: boolean): number {
    if (first) {
      this.filled = 0;
      this.head = 0;
      this.sum = 0;
      this.sinceResum = 0;
    }
    const n = this.ring.length;
    let leaving = 0;
    if (this.filled === n) leaving = this.ring[this.head]!;
    else {
      this.filled += 1;
      this.invFilled = 1 / this.filled;
    }
    this.ring[this.head] = power;
    this.sum += power - leaving;
    this.head = this.head + 1 === n ? 0 : this.head + 1;
    this.sinceResum += 1;
    if (this.sinceResum === n) {
      // Summed in ring order from index 0, as the Rust engine does, so both round alike.
      this.sinceResum = 0;
      let sum = 0;
      for (let i = 0; i < this.filled; i++) sum += this.ring[i]!;
      this.sum = sum;
    }
    return this.sum * this.invFilled;
  }
}
