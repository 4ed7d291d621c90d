/**
 * The wasm engine against the plain TypeScript port (src/engine/reference): on random
 * sessions, pushed to wasm in random slices and to the port at once, points and reps agree
 * within 1e-9 relative. Two independent builds of one pipeline catch each other's slips, and
 * the slicing checks incremental == whole-session across the language boundary too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, reprocess, type EngineSettings, type SampleBatch } from '../../src/engine';
import { createReferenceEngine, referenceReprocess } from '../../src/engine/reference';
import { expectAgree, pushInSlices, rng, sampleSet } from './engine.fixtures';

const settingsArb: fc.Arbitrary<Partial<EngineSettings>> = fc.record({
  hz: fc.oneof(fc.constantFrom(100, 200, 1000), fc.double({ min: 100, max: 1000, noNaN: true })),
  radius: fc.double({ min: 0.005, max: 0.05, noNaN: true }),
  inertia: fc.double({ min: 0, max: 0.5, noNaN: true }),
  mass: fc.double({ min: 0, max: 150, noNaN: true }),
  calcAngularVelocity: fc.boolean(),
  calcAngularAcceleration: fc.boolean(),
  warmup: fc.integer({ min: 1, max: 3 }),
});

const sessionArb = fc.record({
  woundDeg: fc.array(fc.double({ min: 200, max: 2000, noNaN: true }), { minLength: 2, maxLength: 5 }),
  peakDegS: fc.double({ min: 400, max: 3000, noNaN: true }),
  restS: fc.double({ min: 0, max: 1.5, noNaN: true }),
  inputHz: fc.integer({ min: 50, max: 1000 }),
  jitter: fc.double({ min: 0, max: 0.45, noNaN: true }),
  noiseDeg: fc.double({ min: 0, max: 3, noNaN: true }),
  seed: fc.integer(),
  device: fc.boolean(),
  badEvery: fc.integer({ min: 0, max: 200 }),
});

/** Adds device ω/α columns and spoils every `badEvery`-th sample (time back or NaN). */
function withExtras(batch: SampleBatch, device: boolean, badEvery: number, seed: number): SampleBatch {
  const random = rng(seed ^ 0x5bd1e995);
  const { timeUs, angleDeg } = batch;
  if (badEvery > 0) {
    for (let i = badEvery; i < timeUs.length; i += badEvery) {
      if (random() < 0.5) timeUs[i] = timeUs[i - 1]! - 1;
      else angleDeg[i] = NaN;
    }
  }
  if (!device) return batch;
  return { timeUs, angleDeg, angularVelocity: angleDeg.map((a) => a * 0.017), angularAcceleration: angleDeg.map((a) => -a * 0.3) };
}

describe('the wasm engine and the TypeScript reference port', () => {
  it('agree on random flywheel sessions, wasm pushed in random slices', () => {
    fc.assert(
      fc.property(sessionArb, settingsArb, fc.array(fc.integer({ min: 0, max: 700 }), { minLength: 1, maxLength: 8 }), (s, settings, sizes) => {
        const batch = withExtras(sampleSet(s, s), s.device, s.badEvery, s.seed);
        const engine = createEngine(settings, { points: true });
        try {
          expectAgree(pushInSlices(engine, batch, sizes), referenceReprocess(batch, settings, { points: true }));
        } finally {
          engine.dispose();
        }
      }),
      { numRuns: 40 },
    );
  });

  it('agree on arbitrary numbers, including NaN, infinities and times going backwards', () => {
    const value = fc.oneof(fc.double(), fc.double({ min: -5000, max: 5000, noNaN: true }));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: -1e4, max: 3e6, noNaN: true }), value), { maxLength: 400 }), (rows) => {
        let t = 0;
        const timeUs = Float64Array.from(rows, ([dt]) => (t += dt));
        const angleDeg = Float64Array.from(rows, ([, a]) => a);
        expectAgree(reprocess({ timeUs, angleDeg }, {}, { points: true }), referenceReprocess({ timeUs, angleDeg }, {}, { points: true }));
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    [{ hz: 0 }, /hz must be a number from 100 to 1000 Hz.*\(got 0\)/],
    [{ hz: 1001 }, /hz must be/],
    [{ radius: 0 }, /radius must be a number from 0.002 to 0.2 m \(got 0\)/],
    [{ radius: 1e-320 }, /radius must be a number from 0.002 to 0.2 m \(got 1e-320\)/],
    [{ inertia: -1 }, /inertia must be a number from 0 to 2 kg·m²/],
    [{ mass: NaN }, /mass must be a number from 0 to 300 kg \(got NaN\)/],
    [{ warmup: 4 }, /warmup must be 1, 2 or 3/],
    [{ warmup: 1.5 }, /warmup must be 1, 2 or 3/],
  ])('both reject the settings %o', (settings, message) => {
    expect(() => createEngine(settings)).toThrow(message);
    expect(() => createReferenceEngine(settings)).toThrow(message);
  });
});
