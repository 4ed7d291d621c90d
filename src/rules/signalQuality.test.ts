import { describe, expect, it } from 'vitest';
import { HEAVY_SLOW, LIGHT_FAST, truthSession } from '../../tests/unit/flywheelTruth';
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
    expect(q.suspect).toBe(sigma > 1.2);
  });

  it.each([0.5, 1.5, 3])('estimates ±%f ms of timing jitter as each time’s standard deviation, within 25 %%', (jitterMs) => {
    const { batch } = truthSession(HEAVY_SLOW, { rawHz: 200, noiseDeg: 0, tickDeg: 0, jitterMs }, 4);
    const q = signalQuality(batch.timeUs, batch.angleDeg)!;
    // Uniform ±j jitter of each sample time: a standard deviation of j/√3.
    expect(Math.abs(q.jitterMs / (jitterMs / Math.sqrt(3)) - 1)).toBeLessThan(0.25);
    expect(q.rateHz).toBeCloseTo(200, -1);
    expect(q.suspect).toBe(jitterMs > 2);
  });

  it('finds the accuracy tests’ roughest sensor within the limits, and rougher ones beyond them', () => {
    const roughest = { rawHz: 500, noiseDeg: 0.6, tickDeg: 1.8, jitterMs: 1.5 };
    for (const set of [HEAVY_SLOW, LIGHT_FAST]) {
      for (const rawHz of [100, 200, 500, 1000]) {
        const tested = truthSession(set, { ...roughest, rawHz }, 5).batch;
        expect(signalQuality(tested.timeUs, tested.angleDeg)!.suspect, `${set.name} at ${rawHz} Hz`).toBe(false);
      }
    }
    const noisier = truthSession(HEAVY_SLOW, { ...roughest, noiseDeg: 1.5 }, 5).batch;
    expect(signalQuality(noisier.timeUs, noisier.angleDeg)!.suspect).toBe(true);
    const shakier = truthSession(HEAVY_SLOW, { ...roughest, rawHz: 200, jitterMs: 3 }, 5).batch;
    expect(signalQuality(shakier.timeUs, shakier.angleDeg)!.suspect).toBe(true);
  });

  it('needs ten samples', () => {
    expect(signalQuality(Float64Array.of(0, 1, 2), Float64Array.of(0, 0, 0))).toBeNull();
  });
});
