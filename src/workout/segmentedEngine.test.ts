import { describe, expect, it } from 'vitest';
import { createEngine, reprocess } from '../engine';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { type EngineSettings, type SampleBatch } from '../engine/types';
import { synthesizeSet } from '../device/simulation/physics';
import { firstLoads } from '../rules/loads';
import { reprocessLoads } from './loadedEngine';
import { replaySegments, SegmentedEngine, type EngineFactory } from './segmentedEngine';
import { createFakeEngine, repSamples } from './testing/fakeEngine';

const settings: EngineSettings = { ...DEFAULT_ENGINE_SETTINGS, inertia: 0.05 };

/** Every rep of a recording at one load, all segments ended. */
function reprocessSegments(create: EngineFactory, samples: SampleBatch, starts: readonly number[], s: EngineSettings) {
  return reprocessLoads(create, samples, starts, s, firstLoads({ inertia: s.inertia, boost: 0 }));
}

function batch(timeUs: number[], angleDeg: number[]): SampleBatch {
  return { timeUs: Float64Array.from(timeUs), angleDeg: Float64Array.from(angleDeg) };
}

/** Samples of `parts` one after the other. */
function join(...parts: { timeUs: number[]; angleDeg: number[] }[]): SampleBatch {
  return batch(
    parts.flatMap((p) => p.timeUs),
    parts.flatMap((p) => p.angleDeg),
  );
}

describe('the segmented engine (stand-in engine: a rep closes when the angle returns to 0)', () => {
  it('numbers reps across segments so the warmup is the session\'s first rep only', () => {
    const engine = new SegmentedEngine(createFakeEngine, { ...DEFAULT_ENGINE_SETTINGS, warmup: 1 });
    const first = engine.push(join(repSamples(0, 90), repSamples(100_000, 80))).reps;
    engine.endSegment();
    const second = engine.push(join(repSamples(5_000_000, 70))).reps;
    expect([...first, ...second].map((r) => [r.index, r.count])).toEqual([[0, 0], [1, 1], [2, 2]]);
  });

  it('offsets point indices by the points of the segments before', () => {
    const engine = new SegmentedEngine(createFakeEngine, DEFAULT_ENGINE_SETTINGS);
    engine.push(join(repSamples(0, 90)));
    engine.endSegment();
    const [rep] = engine.push(join(repSamples(5_000_000, 70))).reps;
    // Four points in the first segment, four in the second: the second rep ends at point 4 + 4.
    expect(rep!.end).toBe(8);
  });

  it('closes the trailing rep of a segment at the break, not later', () => {
    const engine = new SegmentedEngine(createFakeEngine, DEFAULT_ENGINE_SETTINGS);
    engine.push(batch([5_000, 10_000], [40, 60]));
    expect(engine.endSegment().map((r) => r.concentric.velocity)).toEqual([0.6]);
    expect(engine.endSegment()).toEqual([]);
  });

  it('gives the same reps replayed in one go as streamed batch by batch', () => {
    const samples = join(repSamples(0, 90), repSamples(100_000, 80), repSamples(5_000_000, 70), repSamples(5_100_000, 60));
    const streamed = new SegmentedEngine(createFakeEngine, DEFAULT_ENGINE_SETTINGS);
    const slice = (from: number, to: number) => ({ timeUs: samples.timeUs.subarray(from, to), angleDeg: samples.angleDeg.subarray(from, to) });
    const live = [
      ...streamed.push(slice(0, 3)).reps,
      ...streamed.push(slice(3, 8)).reps,
      ...streamed.endSegment(),
      ...streamed.push(slice(8, 9)).reps,
      ...streamed.push(slice(9, 16)).reps,
      ...streamed.endSegment(),
    ];
    expect(live).toHaveLength(4);
    expect(live).toEqual(reprocessSegments(createFakeEngine, samples, [8], DEFAULT_ENGINE_SETTINGS));
  });

  it('keeps the last segment open for the live stream when asked', () => {
    const engine = new SegmentedEngine(createFakeEngine, DEFAULT_ENGINE_SETTINGS);
    const samples = batch([5_000, 10_000, 15_000, 20_000], [40, 0, 30, 60]);
    expect(replaySegments(engine, samples, [2], true)).toHaveLength(1);
    expect(engine.endSegment()).toHaveLength(1);
  });

  it('refuses segment starts that do not ascend within the samples', () => {
    const engine = new SegmentedEngine(createFakeEngine, DEFAULT_ENGINE_SETTINGS);
    expect(() => replaySegments(engine, batch([1, 2], [0, 0]), [3], false)).toThrow('segment starts [3] must ascend within 2 samples');
  });
});

describe('the segmented engine on a real set with a link drop in it', () => {
  // Eight reps of the flywheel physics; the link drops in the middle of rep 3's pull and comes
  // back in the middle of rep 4's return, so reps 3 and 4 were never seen whole.
  const set = synthesizeSet({ reps: 8, seed: 21, inertia: 0.05 });
  const lostFrom = (set.reps[3]!.startUs + set.reps[3]!.turnUs) / 2;
  const lostTo = (set.reps[4]!.turnUs + set.reps[4]!.endUs) / 2;
  const keep = set.timeUs.map((t) => t < lostFrom || t > lostTo);
  const timeUs = set.timeUs.filter((_, i) => keep[i]);
  const angleDeg = set.angleDeg.filter((_, i) => keep[i]);
  const resumeAt = timeUs.findIndex((t) => t > lostTo);
  const samples = batch(timeUs, angleDeg);

  it('finds exactly the six reps seen whole, each at the speed the physics moved the rope', () => {
    const reps = reprocessSegments(createEngine, samples, [resumeAt], settings);
    const seen = [0, 1, 2, 5, 6, 7].map((i) => set.reps[i]!);
    expect(reps.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5]);
    reps.forEach((rep, i) => {
      expect(rep.concentric.velocity / seen[i]!.concentricMeanVelocity).toBeGreaterThan(0.9);
      expect(rep.concentric.velocity / seen[i]!.concentricMeanVelocity).toBeLessThan(1.1);
    });
  });

  // One engine run over the hole once stitched a seventh rep across it (why segments exist);
  // the engine now ends a segment at any gap longer than MAX_GAP_US itself (engine-rs/src/input.rs,
  // Clock), and finds the same six.
  it('one engine run over the hole finds the same six reps: a gap ends the engine\'s segment too', () => {
    const whole = reprocess(samples, settings);
    const segmented = reprocessSegments(createEngine, samples, [resumeAt], settings);
    expect(whole.reps).toHaveLength(segmented.length);
    // The same up to rounding: the segments' clock starts again after the break.
    whole.reps.forEach((rep, i) => expect(rep.concentric.velocity).toBeCloseTo(segmented[i]!.concentric.velocity, 12));
    expect(whole.problems?.gaps).toBe(1);
  });

  it('gives the same reps streamed in notification-sized batches with the break as replayed', () => {
    const engine = new SegmentedEngine(createEngine, settings);
    const live = [];
    for (let from = 0; from < timeUs.length; from += 5) {
      const to = Math.min(from + 5, from < resumeAt ? resumeAt : timeUs.length);
      live.push(...engine.push({ timeUs: samples.timeUs.subarray(from, to), angleDeg: samples.angleDeg.subarray(from, to) }).reps);
      if (to === resumeAt) live.push(...engine.endSegment());
      from = to - 5;
    }
    live.push(...engine.endSegment());
    engine.dispose();
    expect(live).toEqual(reprocessSegments(createEngine, samples, [resumeAt], settings));
  });
});
