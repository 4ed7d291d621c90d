/**
 * The session's raw samples (µs, degrees) in growable typed arrays: appended per notification,
 * replayed into the engine on a settings change, and exported as the CSV's raw table. Doubling
 * the capacity keeps appends amortised O(1) over an hour-long session (720k samples at 200 Hz).
 */
import type { SampleBatch } from '../engine/types';

export class RawBuffer {
  private time = new Float64Array(1024);
  private angle = new Float64Array(1024);
  private size = 0;

  get length(): number {
    return this.size;
  }

  append(timeUs: ArrayLike<number>, angleDeg: ArrayLike<number>): void {
    if (timeUs.length !== angleDeg.length) {
      throw new Error(`raw samples need one angle per time: got ${timeUs.length} times and ${angleDeg.length} angles`);
    }
    const needed = this.size + timeUs.length;
    if (needed > this.time.length) {
      let capacity = this.time.length;
      while (capacity < needed) capacity *= 2;
      this.time = grow(this.time, capacity);
      this.angle = grow(this.angle, capacity);
    }
    this.time.set(timeUs, this.size);
    this.angle.set(angleDeg, this.size);
    this.size = needed;
  }

  clear(): void {
    this.size = 0;
  }

  /** A view of the samples so far (no copy); valid until the next append or clear. */
  view(): SampleBatch {
    return { timeUs: this.time.subarray(0, this.size), angleDeg: this.angle.subarray(0, this.size) };
  }

  /** An independent copy, safe to keep across appends (exports, imports). */
  snapshot(): SampleBatch {
    return { timeUs: this.time.slice(0, this.size), angleDeg: this.angle.slice(0, this.size) };
  }
}

function grow(array: Float64Array, capacity: number): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(capacity);
  bigger.set(array);
  return bigger;
}
