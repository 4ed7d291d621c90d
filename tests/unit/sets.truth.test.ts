/**
 * Sets on physics-truth sessions (flywheelTruth.ts): three sets of the same athlete, the second
 * after a 40 s rest, the third after only 5 s but with the plates changed in that pause. The
 * session must split into exactly those sets, by the rest and by the plate change, and each set's
 * figures must be its own inertia's: work is ½·I·ω², so the heavier set's work follows its plates.
 * On a clean sensor and on the accuracy tests' roughest one, through the app's own path (one
 * engine run per inertia, rules/sets.ts).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine';
import { DEFAULT_ENGINE_SETTINGS } from '../../src/engine/settings';
import type { SampleBatch } from '../../src/engine/types';
import type { LoadSpan } from '../../src/rules/loads';
import { sessionSets } from '../../src/rules/sets';
import { splitSets } from '../../src/rules/setSplit';
import { reprocessLoads } from '../../src/workout/loadedEngine';
import { HEAVY_SLOW, truthSession, type RepTruth, type SensorSpec, type SetSpec } from './flywheelTruth';

const CLEAN: SensorSpec = { rawHz: 500, noiseDeg: 0, tickDeg: 0, jitterMs: 0 };
const ROUGHEST: SensorSpec = { rawHz: 500, noiseDeg: 0.6, tickDeg: 1.8, jitterMs: 1.5 };

interface Planned {
  spec: SetSpec;
  /** Rest before the set, after the previous one's last sample, s. */
  restS: number;
}

/** The sets one after the other on one clock, each starting where the rope rested after the last. */
function session(planned: readonly Planned[], sensor: SensorSpec): { batch: SampleBatch; sets: RepTruth[][]; startsUs: number[] } {
  const times: number[] = [];
  const angles: number[] = [];
  const sets: RepTruth[][] = [];
  const startsUs: number[] = [];
  let offsetS = 0;
  let start: SetSpec['start'];
  planned.forEach(({ spec, restS }, i) => {
    const part = truthSession({ ...spec, start }, sensor, 11 + i);
    offsetS += i === 0 ? 0 : restS;
    startsUs.push(offsetS * 1e6);
    part.batch.timeUs.forEach((t, k) => {
      times.push(t + offsetS * 1e6);
      angles.push(part.batch.angleDeg[k]!);
    });
    sets.push(part.reps.map((rep) => ({ ...rep, startS: rep.startS + offsetS, turnS: rep.turnS + offsetS, endS: rep.endS + offsetS })));
    offsetS = (times.at(-1)! + 1) / 1e6;
    start = part.end;
  });
  return { batch: { timeUs: Float64Array.from(times), angleDeg: Float64Array.from(angles) }, sets, startsUs };
}

describe.each([
  ['a clean sensor', CLEAN],
  ['the roughest tested sensor', ROUGHEST],
])('three sets split by a rest and by a plate change, on %s', (_, sensor) => {
  const light = { ...HEAVY_SLOW, inertia: 0.05 };
  const planned: Planned[] = [
    { spec: light, restS: 0 },
    { spec: light, restS: 40 },
    { spec: { ...HEAVY_SLOW, inertia: 0.1 }, restS: 5 },
  ];
  const { batch, sets, startsUs } = session(planned, sensor);
  // The plates go on in the middle of the 5 s pause before the third set.
  const loads: LoadSpan[] = [
    { fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 },
    { fromUs: startsUs[2]! - 2.5e6, inertia: 0.1, boost: 0 },
  ];
  const settings = { ...DEFAULT_ENGINE_SETTINGS, radius: 0.014 };
  const reps = reprocessLoads(createEngine, batch, [], settings, loads);

  it('finds every rep and splits them into exactly the planned sets', () => {
    expect(reps).toHaveLength(sets.flat().length);
    const split = splitSets(reps, { restS: 20, loads });
    expect(split.map((set) => set.length)).toEqual(sets.map((set) => set.length));
    split.forEach((set, i) => set.forEach((rep, k) => expect(Math.abs(rep.startUs / 1e6 - sets[i]![k]!.startS)).toBeLessThan(0.08)));
    // Without the plate change the pause is too short to end a set.
    expect(splitSets(reps, { restS: 20 }).map((set) => set.length)).toEqual([6, 12]);
  });

  it('gives each set its plates and the work of its own inertia', () => {
    const summaries = sessionSets(reps, { restS: 20, loads, warmup: 1, metric: 'velocity', phase: 'concentric' });
    expect(summaries.map((s) => s.load?.inertia)).toEqual([0.05, 0.05, 0.1]);
    summaries.forEach((summary, i) => {
      // Each rep's truth is computed with its own set's inertia; the warmup rep is left out.
      const truth = sets[i]!.slice(1).reduce((sum, rep) => sum + rep.concentric.work + rep.eccentric.work, 0);
      expect(Math.abs(summary.work / truth - 1)).toBeLessThan(0.05);
    });
  });
});
