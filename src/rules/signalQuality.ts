/**
 * How clean the unit's sample stream is, estimated from the samples alone, so the Test screen
 * can say when a sensor misbehaves (noisy angle, irregular timing) before the metrics suffer.
 *
 * - Rate: 1 / the median interval between samples.
 * - Timing jitter: how far each sample's time strays from a steady clock, as a standard
 *   deviation. An interval is the difference of two samples' errors, so the intervals spread √2
 *   times as much: the robust spread of the intervals around their median (1.4826 × median
 *   absolute deviation, the standard deviation for Gaussian spread) over √2.
 * - Angle noise: each sample against the straight line through its two neighbours at its own
 *   time. Smooth movement barely departs from that line between two samples, white noise of σ
 *   departs by σ·√1.5; the robust spread of the departures over √1.5 estimates σ. An encoder's
 *   ticks count as noise while the rope moves, as they should (a still rope reads 0).
 * Medians rather than means: one glitch or a burst of movement does not move the figures.
 */

export interface SignalQuality {
  /** Samples the estimate is based on. */
  samples: number;
  rateHz: number;
  /** Robust estimate of each sample time's deviation from a steady clock, ms. */
  jitterMs: number;
  /** Robust estimate of the angle noise σ, degrees. */
  noiseDeg: number;
  /** A figure is beyond what the engine was checked against (see {@link QUALITY_LIMITS}). */
  suspect: boolean;
}

/**
 * Above these the metrics are no longer known to hold. The accuracy tests' roughest sensor (σ 0.6°
 * of noise on 1.8° encoder ticks, every time off by up to ±1.5 ms) reads up to about 0.95° and
 * 0.97 ms here (the angle's figure is highest for fast pulls sampled at 100 Hz, where movement
 * curves between samples); the limits sit a fifth above.
 */
export const QUALITY_LIMITS = { noiseDeg: 1.2, jitterMs: 1.2 } as const;

/** Fewest samples for an estimate. */
const MIN_SAMPLES = 10;
/** Robust spread to standard deviation for a normal distribution. */
const MAD_TO_SD = 1.4826;

function median(values: Float64Array): number {
  const sorted = values.slice().sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : 0.5 * (sorted[mid - 1]! + sorted[mid]!);
}

function spread(values: Float64Array, centre: number): number {
  return MAD_TO_SD * median(values.map((v) => Math.abs(v - centre)));
}

/** The quality of the samples (times in µs, increasing; angles in degrees), or null for fewer than 10. */
export function signalQuality(timeUs: Float64Array, angleDeg: Float64Array): SignalQuality | null {
  const n = Math.min(timeUs.length, angleDeg.length);
  if (n < MIN_SAMPLES) return null;
  const intervals = new Float64Array(n - 1);
  for (let i = 1; i < n; i++) intervals[i - 1] = timeUs[i]! - timeUs[i - 1]!;
  const typical = median(intervals);
  const departures = new Float64Array(n - 2);
  for (let i = 1; i + 1 < n; i++) {
    const span = timeUs[i + 1]! - timeUs[i - 1]!;
    const along = span > 0 ? (timeUs[i]! - timeUs[i - 1]!) / span : 0.5;
    departures[i - 1] = angleDeg[i]! - (angleDeg[i - 1]! + (angleDeg[i + 1]! - angleDeg[i - 1]!) * along);
  }
  const jitterMs = spread(intervals, typical) / Math.SQRT2 / 1000;
  const noiseDeg = spread(departures, 0) / Math.sqrt(1.5);
  return {
    samples: n,
    rateHz: typical > 0 ? 1e6 / typical : 0,
    jitterMs,
    noiseDeg,
    suspect: noiseDeg > QUALITY_LIMITS.noiseDeg || jitterMs > QUALITY_LIMITS.jitterMs,
  };
}
