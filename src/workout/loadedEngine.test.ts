import { describe, expect, it } from 'vitest';
import { createEngine, reprocess } from '../engine';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import type { EngineSettings, Rep, SampleBatch } from '../engine/types';
import { synthesizeSet } from '../device/simulation/physics';
import { engineStretches } from '../rules/engineStretches';
import type { LoadSpan } from '../rules/loads';
import { LoadedEngine, reprocessLoads } from './loadedEngine';
import { replaySegments } from './segmentedEngine';
import { createFakeEngine } from './testing/fakeEngine';

const settings: EngineSettings = { ...DEFAULT_ENGINE_SETTINGS, inertia: 0 };
const LIGHT = 0.025;
const HEAVY = 0.1;

/** Two sets of the flywheel physics, 6 reps at 0.025 kg·m² then 6 at 0.1 after a 40 s rest. */
function twoSets(): { samples: SampleBatch; changeUs: number } {
  const first = synthesizeSet({ reps: 6, seed: 5, inertia: LIGHT, restAfterS: 1 });
  const lastUs = first.timeUs.at(-1)!;
  const second = synthesizeSet({ reps: 6, seed: 6, inertia: HEAVY, startTimeUs: lastUs + 40e6, startAngleDeg: first.endAngleDeg, restAfterS: 1 });
  return {
    samples: { timeUs: Float64Array.from([...first.timeUs, ...second.timeUs]), angleDeg: Float64Array.from([...first.angleDeg, ...second.angleDeg]) },
    // The user changes the plates during the rest.
    changeUs: lastUs + 20e6,
  };
}

const slice = (b: SampleBatch, from: number, to: number): SampleBatch => ({ timeUs: b.timeUs.subarray(from, to), angleDeg: b.angleDeg.subarray(from, to) });

describe('a session whose plates change between two sets', () => {
  const { samples, changeUs } = twoSets();
  const loads: LoadSpan[] = [
    { fromUs: Number.NEGATIVE_INFINITY, inertia: LIGHT, boost: 0 },
    { fromUs: changeUs, inertia: HEAVY, boost: 0 },
  ];
  const atLight = reprocess(samples, { ...settings, inertia: LIGHT }).reps;
  const atHeavy = reprocess(samples, { ...settings, inertia: HEAVY }).reps;

  it('finds the same reps whatever the inertia: detection reads the angle alone', () => {
    expect(atLight).toHaveLength(12);
    const where = (reps: Rep[]) => reps.map((r) => [r.start, r.turn, r.end, r.startUs, r.endUs]);
    expect(where(atHeavy)).toEqual(where(atLight));
    expect(atHeavy[0]!.concentric.torque).toBeCloseTo((atLight[0]!.concentric.torque * HEAVY) / LIGHT, 9);
  });

  it('computes each rep at the inertia in force when it started', () => {
    const reps = reprocessLoads(createEngine, samples, [], settings, loads);
    expect(reps.map((r) => r.index)).toEqual([...Array(12).keys()]);
    expect(reps.slice(0, 6)).toEqual(atLight.slice(0, 6));
    expect(reps.slice(6)).toEqual(atHeavy.slice(6));
  });

  it('gives live, with the change made mid-stream, what the whole recording gives', () => {
    // Streamed at the first load; at the change the session replays its samples into an engine
    // with both loads and carries on with it, as the live session does.
    const changeAt = samples.timeUs.findIndex((t) => t > changeUs);
    const before = new LoadedEngine(createEngine, engineStretches(settings, [loads[0]!], []));
    const live: Rep[] = [];
    for (let from = 0; from < changeAt; from += 40) live.push(...before.push(slice(samples, from, Math.min(from + 40, changeAt))).reps);
    before.dispose();
    const after = new LoadedEngine(createEngine, engineStretches(settings, loads, []));
    const replayed = replaySegments(after, slice(samples, 0, changeAt), [], true);
    expect(replayed).toEqual(live);
    for (let from = changeAt; from < samples.timeUs.length; from += 40) live.push(...after.push(slice(samples, from, Math.min(from + 40, samples.timeUs.length))).reps);
    live.push(...after.endSegment());
    after.dispose();
    expect(live).toEqual(reprocessLoads(createEngine, samples, [], settings, loads));
  });
});

describe('the engine runs of a load-changing session (stand-in engine)', () => {
  /** A rep of the stand-in engine: the angle rises to `peak` and falls back to 0, from `t0` µs. */
  const rep = (t0: number, peak: number) => ({ timeUs: [t0, t0 + 1000, t0 + 2000, t0 + 3000], angleDeg: [0, peak, peak / 2, 0] });
  const parts = [rep(0, 50), rep(10_000, 60), rep(20_000, 70)];
  const samples: SampleBatch = { timeUs: Float64Array.from(parts.flatMap((p) => p.timeUs)), angleDeg: Float64Array.from(parts.flatMap((p) => p.angleDeg)) };

  it('keeps a rep under way at a change at the load it started at', () => {
    // The change comes mid-way through the second rep: it and the first keep inertia 1.
    const loads: LoadSpan[] = [
      { fromUs: Number.NEGATIVE_INFINITY, inertia: 1, boost: 0 },
      { fromUs: 11_500, inertia: 3, boost: 0 },
    ];
    const reps = reprocessLoads(createFakeEngine, samples, [], settings, loads);
    // The stand-in's concentric figure is peak / 100 × (1 + inertia).
    expect(reps.map((r) => r.concentric.velocity)).toEqual([0.5 * 2, 0.6 * 2, 0.7 * 4]);
  });

  it('stops the run of a finished stretch once a rep of the next stretch has come', () => {
    const made: ReturnType<typeof createFakeEngine>[] = [];
    const create = (s: EngineSettings) => {
      const engine = createFakeEngine(s);
      made.push(engine);
      return engine;
    };
    const engine = new LoadedEngine(
      create,
      engineStretches(settings, [
        { fromUs: Number.NEGATIVE_INFINITY, inertia: 1, boost: 0 },
        { fromUs: 5_000, inertia: 3, boost: 20 },
      ], []),
    );
    engine.push(slice(samples, 0, 6));
    expect(made.map((e) => e.disposed)).toEqual([false, false]);
    engine.push(slice(samples, 6, 12));
    expect(made.map((e) => e.disposed)).toEqual([true, false]);
    engine.dispose();
  });
});
