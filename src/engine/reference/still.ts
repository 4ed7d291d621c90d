/**
 * Reference port of `engine-rs/src/still.rs`: when the rope last left REST_BAND_DEG of where
 * it last moved, for closing a rep live once the athlete has stopped.
 */
import * as constants from './constants';

// Imported values read once, into module constants: vitest, which runs this port for the tests and
// the benchmark, turns every use of an imported binding into a getter call (see ../README.md).
const { REST_BAND_DEG } = constants;

export class Stillness {
  private anchorP = NaN;
  private sinceUs = 0;

  /** Adds the next point: its time (µs), filtered angle (|angle| is the rope position p), moving or not (rust: `push(time_us, p, moving)`). */
  push(point: { timeUs: number; angleDeg: number; moving: boolean }): void {
    const { timeUs, moving } = point;
    const p = Math.abs(point.angleDeg);
    // False for the NaN anchor and any non-finite position: those start a stretch.
    const within = Math.abs(p - this.anchorP) <= REST_BAND_DEG;
    if (!within) this.sinceUs = timeUs;
    if (moving || !within) this.anchorP = p;
  }

  /** When the latest stretch within the band started, µs. */
  since(): number {
    return this.sinceUs;
  }
}
