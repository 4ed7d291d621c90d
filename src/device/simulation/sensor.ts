/**
 * The unit's angle sensor as the simulated unit samples it: a nominal rate (200 Hz by default)
 * with timing jitter on each interval, whole-µs timestamps, and gaussian angle noise. Shared by
 * the synthesized sets and by the demo unit's idle stream, so both look alike to the engine.
 */
import type { Random } from './random';

export interface SensorOptions {
  /** Nominal sampling rate, Hz. */
  hz?: number;
  /** Standard deviation of the angle noise, degrees. */
  noiseDeg?: number;
  /** Standard deviation of each sampling interval around its nominal value, µs. */
  jitterUs?: number;
}

export interface Sensor {
  /** The time of the sample after one taken at `lastUs`: whole µs, always later. */
  nextTimeUs(lastUs: number): number;
  /** What the sensor reports for a true angle. */
  measure(angleDeg: number): number;
}

export const DEFAULT_SENSOR: Required<SensorOptions> = Object.freeze({ hz: 200, noiseDeg: 0.05, jitterUs: 150 });

export function createSensor(random: Random, options: SensorOptions = {}): Sensor {
  const { hz, noiseDeg, jitterUs } = { ...DEFAULT_SENSOR, ...options };
  if (!(hz > 0 && hz <= 10_000)) throw new RangeError(`Sensor rate must be in (0, 10000] Hz, got ${hz}`);
  if (!(noiseDeg >= 0) || !(jitterUs >= 0)) throw new RangeError('Sensor noise and jitter must be ≥ 0');
  const stepUs = 1e6 / hz;
  const maxJitterUs = 0.4 * stepUs;
  return {
    nextTimeUs(lastUs) {
      const jitter = Math.max(-maxJitterUs, Math.min(maxJitterUs, jitterUs * random.gauss()));
      return lastUs + Math.max(1, Math.round(stepUs + jitter));
    },
    measure(angleDeg) {
      return noiseDeg === 0 ? angleDeg : angleDeg + noiseDeg * random.gauss();
    },
  };
}
