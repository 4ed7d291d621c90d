/**
 * Live sessions without finish(): a set's reps, the last one included, arrive from push() alone
 * once the athlete stops — the rope within 10° for 0.5 s (REST_BAND_DEG, REST_CLOSE_S in
 * engine-rs/src/settings.rs) — in the wasm engine and the oracle alike. Expected times
 * come from the synthetic motion: when the rope stops, when it comes within the band, when the
 * next pull starts.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, type EngineSettings, type IncrementalEngine, type SampleBatch } from '../../src/engine';
import { createReferenceEngine } from '../../src/engine/reference';
import { expectAgree } from './engine.agreement';
import { phaseS, sampleSet, type YoYoSet } from './engine.fixtures';

const REST_CLOSE_S = 0.5;
const REST_BAND_DEG = 10;
/** The filter holds a point back until it has 50 ms of points after it (FILTER_HALF_WINDOW_S). */
const FILTER_LAG_S = 0.05;
/** Samples per push: 100 ms at 200 Hz. */
const PUSH = 20;

/**
 * Each engine with the grid rates its live timing is checked at. The oracle recomputes the whole
 * session at every push, so a set on a 1000 Hz grid costs it seconds (and it timed out while the
 * engine's build shared the cores); its rule for closing a rep is the same at every rate, which
 * 100 and 200 Hz check, and the wasm engine's 1000 Hz result is held to it by the agreement tests.
 */
const ENGINES: [string, (s?: Partial<EngineSettings>) => IncrementalEngine, number[]][] = [
  ['the wasm engine', createEngine, [100, 200, 1000]],
  ['the oracle', createReferenceEngine, [100, 200]],
];

/** Pushes `batch` in slices of PUSH samples and never finishes: each rep's index with the time (s) of the last sample of the push that returned it. */
function live(engine: IncrementalEngine, batch: SampleBatch): { index: number; atS: number }[] {
  const arrivals: { index: number; atS: number }[] = [];
  for (let i = 0; i < batch.timeUs.length; i += PUSH) {
    const timeUs = batch.timeUs.subarray(i, i + PUSH);
    const update = engine.push({ timeUs, angleDeg: batch.angleDeg.subarray(i, i + PUSH) });
    arrivals.push(...update.reps.map((r) => ({ index: r.index, atS: timeUs[timeUs.length - 1]! / 1e6 })));
  }
  return arrivals;
}

/** When rep k's eccentric stops, the rope wound to woundDeg[k + 1], s. */
function stopS(set: YoYoSet, k: number): number {
  let t = set.restS * (k + 1);
  for (let j = 0; j <= k; j++) t += phaseS(set, set.woundDeg[j]!) + phaseS(set, set.woundDeg[j + 1]!);
  return t;
}

/** When rep k's eccentric (a sine wind-up to w) comes within the band of where it stops, s. */
function inBandS(set: YoYoSet, k: number): number {
  const w = set.woundDeg[k + 1]!;
  const te = phaseS(set, w);
  return stopS(set, k) - te + ((2 * te) / Math.PI) * Math.asin(1 - REST_BAND_DEG / w);
}

const SET: YoYoSet = { woundDeg: [900, 1000, 950, 1100, 1000], peakDegS: 1500, restS: 0.2 };
const REPS = SET.woundDeg.length - 1;

describe.each(ENGINES)('%s, live', (_, create, rates) => {
  it.each(rates)('delivers every rep of a set followed by rest from push alone, the last 0.5 s after the rope stops (%i Hz)', (hz) => {
    const batch = sampleSet(SET, { inputHz: 200, jitter: 0.4, noiseDeg: 0.1, seed: 1, tailS: 1.5 });
    const engine = create({ hz });
    const arrivals = live(engine, batch);
    expect(arrivals.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    expect(engine.finish().reps).toEqual([]);
    engine.dispose();
    const last = arrivals[REPS - 1]!.atS;
    // Rest starts between entering the band and stopping; smoothing lags 1.5 grid steps, the
    // grid one more, the filter its half window, and the push ends up to 100 ms after the point
    // that closed the rep.
    expect(last).toBeGreaterThanOrEqual(inBandS(SET, REPS - 1) + REST_CLOSE_S);
    expect(last).toBeLessThanOrEqual(stopS(SET, REPS - 1) + REST_CLOSE_S + 2.5 / hz + FILTER_LAG_S + 0.1);
  });

  it('keeps a momentary stop at the top inside the rep: the rep closes at the next pull, not during the stop', () => {
    const engine = create();
    const arrivals = live(engine, sampleSet(SET, { inputHz: 200, jitter: 0.4, noiseDeg: 0.1, seed: 2, tailS: 1.5 }));
    engine.dispose();
    expect(arrivals).toHaveLength(REPS);
    for (let k = 0; k + 1 < REPS; k++) {
      const nextPull = stopS(SET, k) + SET.restS;
      // The pull (a cosine from w) must travel 180° first; then smoothing and filter lag, and the push.
      const w = SET.woundDeg[k + 1]!;
      const travelled = ((2 * phaseS(SET, w)) / Math.PI) * Math.acos(1 - 180 / w);
      expect(arrivals[k]!.atS).toBeGreaterThan(nextPull + travelled);
      expect(arrivals[k]!.atS).toBeLessThanOrEqual(nextPull + travelled + 2.5 / 200 + FILTER_LAG_S + 0.1);
    }
  });

  it('closes each rep during a pause longer than the threshold and still counts every rep once', () => {
    const paused: YoYoSet = { ...SET, restS: 1.2 };
    const engine = create();
    const arrivals = live(engine, sampleSet(paused, { inputHz: 200, jitter: 0.4, noiseDeg: 0.1, seed: 3 }));
    expect(engine.finish().reps).toEqual([]);
    engine.dispose();
    expect(arrivals.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    for (let k = 0; k + 1 < REPS; k++) {
      expect(arrivals[k]!.atS).toBeGreaterThanOrEqual(inBandS(paused, k) + REST_CLOSE_S);
      expect(arrivals[k]!.atS).toBeLessThan(stopS(paused, k) + paused.restS);
    }
  });
});

describe('the wasm engine and the oracle, live', () => {
  it('return the same points and reps from every push, rests included', () => {
    const batch = sampleSet({ ...SET, restS: 0.7 }, { inputHz: 333, jitter: 0.45, noiseDeg: 1, seed: 4, tailS: 3 });
    const [wasm, port] = [createEngine({ hz: 150 }, { points: true }), createReferenceEngine({ hz: 150 }, { points: true })];
    let [reps, points] = [0, 0];
    for (let i = 0; i < batch.timeUs.length; i += 41) {
      const piece = { timeUs: batch.timeUs.subarray(i, i + 41), angleDeg: batch.angleDeg.subarray(i, i + 41) };
      const got = wasm.push(piece);
      expectAgree(got, port.push(piece), { hz: 150 }, points);
      reps += got.reps.length;
      points += got.pointCount;
    }
    wasm.dispose();
    expect(reps).toBe(REPS);
  });
});
