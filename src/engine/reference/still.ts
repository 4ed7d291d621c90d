/**
 * Reference port of `engine-rs/src/still.rs`: how long the rope has stayed within
 * REST_BAND_DEG of where it settled, for closing a rep live when the athlete stops.
 */
import { REST_BAND_DEG } from './constants';

export class Stillness {
  private anchorP = NaN;
  private since = 0;

  push(index: number, p: number): void {
    // False for the NaN anchor and any non-finite position: those start a stretch.
    const within = Math.abs(p - this.anchorP) <= REST_BAND_DEG;
    if (!within) {
      this.anchorP = p;
      this.since = index;
    }
  }

  /** Grid steps at rest by point `index`, the last point pushed. */
  steps(index: number): number {
    return Math.max(0, index - this.since);
  }
}
