import { describe, expect, it } from 'vitest';
import { HEAVY_SLOW, truthSession } from '../../tests/unit/flywheelTruth';
import { signalQuality } from './signalQuality';

describe('signalQuality', () => {
  it('reads the rate, and no noise or jitter, from a clean evenly sampled stream', () => {
    const { batch } = truthSession(HEAVY_SLOW, { rawHz: 200, noiseDeg: 0, tickDeg: 0, jitterMs: 0 });
    const q = signalQuality(batch.timeUs, batch.angleDeg)!;
    expect(q.rateHz).toBeCloseTo(200, 6);
    expect(q.jitterMs).toBe(0);
    expect(q.noiseDeg).toBeLessThan(0.05);
    expect(q.suspect).toBe(false);
  });

  it.each([0.3, 0.6, 2])('estimates Gaussian angle noise of σ = %f° within 20 %% while the rope moves and rests', (sigma) => {
    const { batch } = truthSession(HEAVY_SLOW, { rawHz: 500, noiseDeg: sigma, tickDeg: 0, jitterMs: 0 }, 3);
    const q = signalQuality(batch.timeUs, batch.angleDeg)!;
    expect(Math.abs(q.noiseDeg / sigma - 1)).toBeLessThan(0.2);
    expect(q.suspect).toBe(sigma > 1);
  });

  it.each([0.5, 1.5, 3])('estimates ±%f ms of timing jitter as the spread of the intervals, within 25 %%', (jitterMs) => {
    const { batch } = truthSession(HEAVY_SLOW, { rawHz: 200, noiseDeg: 0, tickDeg: 0, jitterMs }, 4);
    const q = signalQuality(batch.timeUs, batch.angleDeg)!;
    // Uniform ±j jitter of each sample: intervals spread with standard deviation j·√(2/3).
    expect(Math.abs(q.jitterMs / (jitterMs * Math.sqrt(2 / 3)) - 1)).toBeLessThan(0.25);
    expect(q.rateHz).toBeCloseTo(200, -1);
    expect(q.suspect).toBe(jitterMs * Math.sqrt(2 / 3) > 1.5);
  });

  it('needs ten samples', () => {
    expect(signalQuality(Float64Array.of(0, 1, 2), Float64Array.of(0, 0, 0))).toBeNull();
  });
});
