/**
 * The engine benchmarks' session (bench/engine.bench.ts, bench/compareEngines.bench.ts): a live
 * set at 200 Hz with a rep every 4 s, clock jitter and angle noise.
 */
import type { SampleBatch } from '../src/engine/types';

/** The session's sampling rate, Hz. */
export const HZ = 200;

/** `seconds` of a live set: a rep every 4 s (1.5 s out, 1.5 s back, 1 s still), jitter, noise. */
export function session(seconds: number): SampleBatch {
  const n = seconds * HZ;
  const timeUs = new Float64Array(n);
  const angleDeg = new Float64Array(n);
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) - 0.5;
  for (let i = 0; i < n; i++) {
    const t = (i + 0.3 * random()) / HZ;
    const cycle = Math.floor(t / 4);
    const phase = (Math.PI / 2) * Math.min((t - 4 * cycle) / 1.5, 2);
    const wound = 900 + 100 * Math.sin(cycle * 0.7);
    timeUs[i] = t * 1e6;
    angleDeg[i] = (cycle % 2 === 0 ? 1 : -1) * wound * Math.cos(phase) + 0.2 * random();
  }
  return { timeUs, angleDeg };
}
