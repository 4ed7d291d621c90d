/**
 * The wasm engine against its oracle (src/engine/reference: the pipeline written again from the
 * engine's docs, over whole arrays): on random sessions, pushed to wasm in random slices and to the
 * oracle at once, points and reps agree within 1e-9 relative, or the tolerance
 * engine.agreement.ts gives where a running sum must differ from a fresh one. The oracle shares no
 * code with the engine, so they disagree where the engine's tuned form departs from its own
 * definitions; the slicing checks incremental == whole-session across the language boundary too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, reprocess, type EngineSettings, type SampleBatch } from '../../src/engine';
import { createReferenceEngine, referenceReprocess } from '../../src/engine/reference';
import { expectAgree } from './engine.agreement';
import { createRandom } from '../../src/device/simulation/random';
import { angleAt, phaseS, pushInSlices, sampleSet, type YoYoSet } from './engine.fixtures';

const settingsArb: fc.Arbitrary<Partial<EngineSettings>> = fc.record({
  hz: fc.oneof(fc.constantFrom(100, 200, 1000), fc.double({ min: 100, max: 1000, noNaN: true })),
  radius: fc.double({ min: 0.005, max: 0.05, noNaN: true }),
  // 0, or above the subnormal numbers (below 2.2e-308), which carry too few significant bits for
  // 1e-9 once multiplied in.
  inertia: fc.oneof(fc.constant(0), fc.double({ min: 1e-100, max: 0.5, noNaN: true })),
  mass: fc.oneof(fc.constant(0), fc.double({ min: 1e-100, max: 150, noNaN: true })),
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

/**
 * Adds the device's ω and α, a unit's own measure of the motion (central differences of the
 * noise-free angle at the sample times, then of ω), and spoils every `badEvery`-th sample (time
 * back or NaN). A rope at rest is still by them too. (Raw differences of the noisy angle would
 * put up to 35 rad/s of noise on a rope at rest, a string of short movements that meets the
 * engine's known disagreement below about once in 600 sessions.)
 */
function withExtras(batch: SampleBatch, set: YoYoSet, device: boolean, badEvery: number, seed: number): SampleBatch {
  const random = createRandom(seed ^ 0x5bd1e995).uniform;
  const { timeUs, angleDeg } = batch;
  const rate = (x: Float64Array) => x.map((_, i) => {
    const [a, b] = [Math.max(0, i - 1), Math.min(x.length - 1, i + 1)];
    return b > a ? ((x[b]! - x[a]!) / (timeUs[b]! - timeUs[a]!)) * 1e6 : 0;
  });
  const angularVelocity = rate(timeUs.map((t) => (angleAt(set, Math.max(t / 1e6, 0)) * Math.PI) / 180));
  const angularAcceleration = rate(angularVelocity);
  if (badEvery > 0) {
    for (let i = badEvery; i < timeUs.length; i += badEvery) {
      if (random() < 0.5) timeUs[i] = timeUs[i - 1]! - 1;
      else angleDeg[i] = NaN;
    }
  }
  return device ? { timeUs, angleDeg, angularVelocity, angularAcceleration } : batch;
}

/**
 * A set whose eccentrics end in a hard stop (engine-rs/src/tests/truth.rs `hard_stops`): 1 s at
 * rest wound `wound[0]`°, then per rep a cosine pull out from `wound[k]`° that reaches top speed at
 * the turn, the return at that speed over `wound[k + 1]`° in `returnS`, stopping dead, and 1 s of
 * rest; sampled at `inputHz` with jitter, noise and encoder ticks.
 */
function hardStops(h: { wound: number[]; returnS: number; inputHz: number; jitter: number; noiseDeg: number; tickDeg: number; seed: number }): SampleBatch {
  const pieces: [number, number, (u: number) => number][] = [[0, 1, () => h.wound[0]!]];
  let [t, side] = [1, 1];
  for (let k = 0; k + 1 < h.wound.length; k++) {
    const [a, b, s] = [h.wound[k]!, h.wound[k + 1]!, side];
    const peak = b / h.returnS;
    const pullS = (a * Math.PI) / 2 / peak;
    pieces.push([t, pullS, (u) => s * a * Math.cos((Math.PI / 2) * (u / pullS))]);
    pieces.push([t + pullS, h.returnS, (u) => -s * peak * u]);
    t += pullS + h.returnS;
    pieces.push([t, 1, () => -s * b]);
    [t, side] = [t + 1, -side];
  }
  const random = createRandom(h.seed).uniform;
  const n = Math.floor(t * h.inputHz);
  const timeUs = Float64Array.from({ length: n }, (_, i) => Math.max(0, (i + h.jitter * (2 * random() - 1)) / h.inputHz) * 1e6);
  const angleDeg = timeUs.map((us) => {
    const at = us / 1e6;
    const [from, length, f] = pieces.findLast(([from]) => from <= at) ?? pieces[0]!;
    const noisy = f(Math.min(at - from, length)) + h.noiseDeg * (random() + random() - 1);
    return h.tickDeg > 0 ? Math.round(noisy / h.tickDeg) * h.tickDeg : noisy;
  });
  return { timeUs, angleDeg };
}

type SessionCase = typeof sessionArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * Found by this property before the repair's rounding bound was relative: powers of 1e-99 W
 * (inertia 1e-100), where the sign of a steady block's rounding decided the concentric peak
 * power (1.294e-99 against 1.289e-99). Re-run before the random cases.
 */
const TINY_POWERS: [SessionCase, Partial<EngineSettings>, number[]] = [
  { woundDeg: [865.1189477952632, 200], peakDegS: 400, restS: 0, inputHz: 50, jitter: 0, noiseDeg: 0, seed: 0, device: false, badEvery: 1 },
  { hz: 111.10136354320862, radius: 0.005, inertia: 1e-100, mass: 1e-100, calcAngularVelocity: false, calcAngularAcceleration: false, warmup: 1 },
  [0],
];

/**
 * Found by this property in a fresh clone's npm test (seed 1515711514): a rep ending 9.1 s into
 * the session at 1000 Hz, whose fitted end the two engines put 9 ns apart (1e-9 of its clock
 * time), so its eccentric duration (5.73 s) parted by 1.5e-9 of itself: a duration is held to
 * 1e-9 of the clock times it is the difference of (engine.agreement.ts). Re-run before the
 * random cases.
 */
const LATE_FITTED_END: [SessionCase, Partial<EngineSettings>, number[]] = [
  { woundDeg: [863.4275657532424, 1460.6965789526216, 200, 200], peakDegS: 400, restS: 0, inputHz: 54, jitter: 0, noiseDeg: 0, seed: 0, device: false, badEvery: 0 },
  { hz: 1000, radius: 0.005, inertia: 0, mass: 1e-100, calcAngularVelocity: false, calcAngularAcceleration: false, warmup: 1 },
  [0],
];

/**
 * Found by the hard-stop property in a fresh clone's npm test (seed -19269075): 1.8° ticks under
 * 1.85° of noise at 100 Hz, inertia 0; the third turn's concentric velocity differed by 8e-5
 * (0.597089 against 0.597043 m/s). Re-run before the random cases.
 */
const NOISY_TICKS_HARD_STOP: [Parameters<typeof hardStops>[0], Partial<EngineSettings>] = [
  { wound: [1661.107338760612, 1916.9303734353628, 1970.9624716286794, 1620], returnS: 0.15000000000000036, inputHz: 100, jitter: 0, noiseDeg: 1.85, tickDeg: 1.8, seed: 0 },
  { hz: 100, radius: 0.005, inertia: 0, mass: 0, calcAngularVelocity: false, calcAngularAcceleration: false, warmup: 1 },
];

describe('the wasm engine and the oracle', () => {
  it('agree on random flywheel sessions, wasm pushed in random slices', () => {
    fc.assert(
      fc.property(sessionArb, settingsArb, fc.array(fc.integer({ min: 0, max: 700 }), { minLength: 1, maxLength: 8 }), (s, settings, sizes) => {
        const batch = withExtras(sampleSet(s, s), s, s.device, s.badEvery, s.seed);
        const engine = createEngine(settings, { points: true });
        try {
          expectAgree(pushInSlices(engine, batch, sizes), referenceReprocess(batch, settings, { points: true }), settings);
        } finally {
          engine.dispose();
        }
      }),
      { numRuns: 40, examples: [TINY_POWERS, LATE_FITTED_END] },
    );
  });

  it('agree on sessions a unit spoils: glitches and bursts, a clock since 1970, an angle read modulo 360° or pinned at a limit', () => {
    const spoilArb = fc.record({
      // Up to 3 samples a glitch the guard may reject; longer runs, and a jerk of 4 000° for 8–60 ms,
      // a movement no rope makes (a concentric candidate the detector refuses).
      glitches: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), kind: fc.constantFrom('flip', 'zero', 'spike', 'jerk'), length: fc.integer({ min: 1, max: 8 }) }), { maxLength: 6 }),
      epoch: fc.boolean(),
      wrap: fc.constantFrom('none', '360', '180'),
      pinAt: fc.option(fc.double({ min: 150, max: 1500, noNaN: true })),
    });
    fc.assert(
      fc.property(sessionArb, settingsArb, spoilArb, (s, settings, spoil) => {
        const { timeUs, angleDeg } = sampleSet(s, s);
        for (const { at, kind, length } of spoil.glitches) {
          const i = Math.floor(at * angleDeg.length);
          const samples = kind === 'jerk' ? Math.ceil(length * 0.0075 * s.inputHz) : length;
          for (let k = i; k < Math.min(angleDeg.length, i + samples); k++) {
            angleDeg[k] = kind === 'flip' ? -angleDeg[k]! : kind === 'zero' ? 0 : kind === 'spike' ? angleDeg[k]! + 180 : angleDeg[k]! + 4000 * Math.sign(angleDeg[k]!);
          }
        }
        const pin = spoil.pinAt;
        const read = angleDeg.map((a) => {
          const pinned = pin === null ? a : Math.max(-pin, Math.min(pin, a));
          return spoil.wrap === '360' ? ((pinned % 360) + 360) % 360 : spoil.wrap === '180' ? ((((pinned + 180) % 360) + 360) % 360) - 180 : pinned;
        });
        const batch = { timeUs: spoil.epoch ? timeUs.map((t) => t + 1.7e15) : timeUs, angleDeg: read };
        expectAgree(reprocess(batch, settings, { points: true }), referenceReprocess(batch, settings, { points: true }), settings);
      }),
      { numRuns: 30 },
    );
  });

  it('agree on bursts of 2–4 wild readings and on device rates no disc has (ω or α cells off the scale)', () => {
    const spoilArb = fc.record({
      bursts: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), off: fc.array(fc.double({ min: -600, max: 600, noNaN: true }), { minLength: 2, maxLength: 4 }) }), { maxLength: 5 }),
      cells: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), alpha: fc.boolean(), value: fc.oneof(fc.constantFrom(-1e12, 1e6, -1e6), fc.double({ min: -1e12, max: 1e12, noNaN: true })) }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(sessionArb, settingsArb, spoilArb, (s, settings, spoil) => {
        const batch = withExtras(sampleSet(s, s), s, true, 0, s.seed);
        const n = batch.timeUs.length;
        for (const { at, off } of spoil.bursts) {
          const i = Math.floor(at * n);
          off.forEach((d, k) => {
            if (i + k < n) batch.angleDeg[i + k] = batch.angleDeg[i + k]! + d;
          });
        }
        for (const { at, alpha, value } of spoil.cells) {
          const column = alpha ? batch.angularAcceleration! : batch.angularVelocity!;
          column[Math.min(n - 1, Math.floor(at * n))] = value;
        }
        const engine = createEngine(settings, { points: true });
        try {
          expectAgree(pushInSlices(engine, batch, [97, 300]), referenceReprocess(batch, settings, { points: true }), settings);
        } finally {
          engine.dispose();
        }
      }),
      { numRuns: 30 },
    );
  });

  it('agree on sessions with gaps, short or of years, anywhere (no phase spans one; each counted)', () => {
    const gapsArb = fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), us: fc.oneof(fc.double({ min: 1.01e6, max: 5e6, noNaN: true }), fc.constantFrom(1e9, 1e12, 5e13)) }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(sessionArb, settingsArb, gapsArb, (s, settings, gaps) => {
        const batch = withExtras(sampleSet(s, s), s, s.device, 0, s.seed);
        const n = batch.timeUs.length;
        for (const { at, us } of gaps) {
          for (let i = Math.floor(at * n); i < n; i++) batch.timeUs[i] = batch.timeUs[i]! + us;
        }
        const engine = createEngine(settings, { points: true });
        try {
          expectAgree(pushInSlices(engine, batch, [211, 50]), referenceReprocess(batch, settings, { points: true }), settings);
        } finally {
          engine.dispose();
        }
      }),
      { numRuns: 30 },
    );
  });

  // engine-rs/src/reps.rs: a segment after a gap that begins mid-pull makes no rep of that pull
  // (its onset was never seen), and the segment before it ends as at the end of data (the cut
  // pull has no eccentric): the rep the gap cut is lost, every other one found, in both engines.
  it('agree that a segment beginning mid-pull makes no rep of that pull', () => {
    const set: YoYoSet = { woundDeg: [900, 1000, 950, 1050, 900, 1000], peakDegS: 1500, restS: 1 };
    let start = set.restS;
    for (let k = 0; k < 2; k++) start += phaseS(set, set.woundDeg[k]!) + phaseS(set, set.woundDeg[k + 1]!) + set.restS;
    const cutS = start + 0.5 * phaseS(set, set.woundDeg[2]!);
    for (const inputHz of [100, 1000]) {
      const batch = sampleSet(set, { inputHz, jitter: 0.2, noiseDeg: 0.3, seed: 7, tailS: 1 });
      for (let i = 0; i < batch.timeUs.length; i++) if (batch.timeUs[i]! > cutS * 1e6) batch.timeUs[i] = batch.timeUs[i]! + 3e6;
      const settings = { inertia: 0.05 };
      const [engine, oracle] = [reprocess(batch, settings, { points: true }), referenceReprocess(batch, settings, { points: true })];
      expectAgree(engine, oracle, settings);
      // Four reps, none of them pulling between the cut and the next pull (3 s later after the gap).
      const nextPullS = start + phaseS(set, set.woundDeg[2]!) + phaseS(set, set.woundDeg[3]!) + set.restS + 3;
      expect(engine.reps.map((r) => r.startUs > cutS * 1e6 && r.startUs < (nextPullS - 0.2) * 1e6)).toEqual([false, false, false, false]);
      expect(engine.problems?.gaps).toBe(1);
    }
  });

  it('agree on sets whose eccentrics end in a hard stop (a return at top speed that stops dead, then rest)', () => {
    const hardStopArb = fc.record({
      wound: fc.array(fc.double({ min: 1620, max: 1980, noNaN: true }), { minLength: 3, maxLength: 5 }),
      returnS: fc.double({ min: 0.15, max: 0.4, noNaN: true }),
      inputHz: fc.integer({ min: 100, max: 1000 }),
      jitter: fc.double({ min: 0, max: 0.45, noNaN: true }),
      // Noise beyond a tick, which it dithers (clean ticks: the case below).
      noiseDeg: fc.double({ min: 0.05, max: 1, noNaN: true }),
      tickDeg: fc.constantFrom(0, 0.36, 1.8),
      seed: fc.integer(),
    }).map((h) => ({ ...h, noiseDeg: h.noiseDeg + h.tickDeg }));
    fc.assert(
      fc.property(hardStopArb, settingsArb, (h, settings) => {
        expectAgree(reprocess(hardStops(h), settings, { points: true }), referenceReprocess(hardStops(h), settings, { points: true }), settings);
      }),
      { numRuns: 20, examples: [NOISY_TICKS_HARD_STOP] },
    );
  });

  // On a return at constant speed read by clean encoder ticks a block's power is 0 but for
  // rounding: window.rs `repair` must not spread stretches as missed counts by its sign (it did,
  // and the peak powers of both phases moved by 0.05 %).
  it('agree on a hard-stop set read by clean 1.8° ticks', () => {
    const set = { wound: [1660.0273674611049, 1688.0847595684197, 1620], returnS: 0.37202100190866033, inputHz: 782, jitter: 0, noiseDeg: 0, tickDeg: 1.8, seed: 0 };
    const settings = { hz: 100, radius: 0.005, inertia: 0.05 };
    expectAgree(reprocess(hardStops(set), settings, { points: true }), referenceReprocess(hardStops(set), settings, { points: true }), settings);
  });

  it('agree on arbitrary numbers, including NaN, infinities and times going backwards', () => {
    const value = fc.oneof(fc.double(), fc.double({ min: -5000, max: 5000, noNaN: true }));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: -1e4, max: 3e6, noNaN: true }), value), { maxLength: 400 }), (rows) => {
        let t = 0;
        const timeUs = Float64Array.from(rows, ([dt]) => (t += dt));
        const angleDeg = Float64Array.from(rows, ([, a]) => a);
        expectAgree(reprocess({ timeUs, angleDeg }, {}, { points: true }), referenceReprocess({ timeUs, angleDeg }, {}, { points: true }), {});
      }),
      { numRuns: 20 },
    );
  });

  // A rope wobbling at 8 Hz before the pull: the next movement is confirmed within EDGE_MOVE_S of
  // a movement's start, so that movement's own stop is timed before its onset. The engine began
  // the onset's rest after the last stop it had timed (that one), fitted the onset over the rest
  // after the movement and timed it after the movement ended; both now begin it after the
  // previous movement, as edges.rs's module doc says.
  it('agree on a rope that wobbles before each pull', () => {
    const set = { woundDeg: [900, 1000, 950], peakDegS: 1200, restS: 1 };
    const batch = sampleSet(set, { inputHz: 1000, jitter: 0.2, noiseDeg: 0.05, seed: 7 });
    // ±4° at 8 Hz over the last 0.4 s before the first pull.
    batch.angleDeg.forEach((a, i) => {
      const t = batch.timeUs[i]! / 1e6;
      if (t > 0.55 && t < 0.95) batch.angleDeg[i] = a + 4 * Math.sin(2 * Math.PI * 8 * t);
    });
    expectAgree(reprocess(batch, {}, { points: true }), referenceReprocess(batch, {}, { points: true }), {});
  });

  // Found by the spoiled-session property (seed -508868263, about one run in 35): a clock since
  // 1970 changed what the engine's glitch guard rejected on a set that starts with its first
  // reading zeroed and the next two flipped, the sensor pinned at ±150°: with times from 0 both
  // took the flipped pair, with the same times 1.7e15 µs later the engine rejected it and the
  // oracle did not. Since a rope at rest carries on only within the tolerance (input.rs `Guard`,
  // Rest) both reject the same pair on either clock, and 150 runs of the property found no
  // disagreement; the clock-dependent path in input.rs was never found.
  it('agree whatever the clock\'s origin on a set that starts with a zeroed and two flipped readings, pinned at 150°', () => {
    const s = { woundDeg: [200, 200, 409.1435980806884], peakDegS: 400, restS: 0, inputHz: 52, jitter: 0, noiseDeg: 0, seed: 0 };
    const settings = { hz: 100, radius: 0.014336260668655645, inertia: 0 };
    const { timeUs, angleDeg } = sampleSet(s, s);
    const read = angleDeg.map((a, i) => (i === 0 ? 0 : i < 3 ? -a : a)).map((a) => Math.max(-150, Math.min(150, a)));
    const epoch = { timeUs: timeUs.map((t) => t + 1.7e15), angleDeg: read };
    expectAgree(reprocess(epoch, settings, { points: true }), referenceReprocess(epoch, settings, { points: true }), settings);
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
