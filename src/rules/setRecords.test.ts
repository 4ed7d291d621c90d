import { describe, expect, it } from 'vitest';
import { makeRep } from './fixtures';
import { engineStretches, sameStretches } from './engineStretches';
import { figuresOver, setRecords } from './setRecords';
import { changeTagSettings, type TagSpan } from './setTags';
import { currentSet } from './setSplit';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';

const ANA = { athleteId: 'ana', exerciseId: 'builtin:squat' };
const BEA = { athleteId: 'bea', exerciseId: 'builtin:bent-over-row' };

describe('set records', () => {
  // Ana at 0.05 kg·m² with one warmup rep: reps at 0, 3, 6 s (velocities 0.8, 1.0, 0.9);
  // Bea from 8 s with two warmup reps and a pulley's half radius: reps at 9, 12, 15, 18 s (0.5, 0.6, 0.7, 0.56).
  const v = [0.8, 1.0, 0.9, 0.5, 0.6, 0.7, 0.56];
  const reps = v.map((x, i) => makeRep(i, x, x / 2));
  const tags: TagSpan[] = [
    { fromUs: Number.NEGATIVE_INFINITY, ...ANA, mass: 70.24, radius: 0.014, warmup: 1 },
    { fromUs: 8e6, ...BEA, mass: 0, radius: 0.007, warmup: 2 },
  ];
  const loads = [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 10 }];
  const records = setRecords(reps, { restS: 20, loads, tags, warmup: 3, radius: 0.014 });

  it('keep one line per set with its athlete, exercise, load and own warmup', () => {
    expect(records.map((r) => [r.athleteId, r.exerciseId, r.inertia, r.boost, r.warmup, r.reps, r.counted, r.startUs, r.endUs])).toEqual([
      ['ana', 'builtin:squat', 0.05, 10, 1, 3, 2, 0, 8e6],
      ['bea', 'builtin:bent-over-row', 0.05, 10, 2, 4, 2, 9e6, 20e6],
    ]);
  });

  it('keep the counted reps’ velocities, the velocity loss and each metric’s best and mean', () => {
    const [ana, bea] = records;
    expect(ana!.velocities).toEqual([1.0, 0.9]);
    expect(ana!.velocityLoss).toBeCloseTo(10, 10);
    expect(ana!.figures['velocity.concentric']).toEqual({ best: 1.0, mean: 0.95 });
    expect(ana!.figures['power.eccentric']!.mean).toBeCloseTo(0.475, 12);
    expect(bea!.velocities).toEqual([0.7, 0.56]);
    expect(bea!.velocityLoss).toBeCloseTo(20, 10);
  });

  it('turn the mean concentric acceleration into the disc’s with the radius each set was computed with', () => {
    // The fixture's acceleration equals its velocity: Ana (1.0 + 0.9) / 2 / (2 × 0.014); Bea (0.7 + 0.56) / 2 / (2 × 0.007).
    expect(records[0]!.angularAcceleration).toBeCloseTo(0.95 / 0.028, 9);
    expect(records[1]!.angularAcceleration).toBeCloseTo(0.63 / 0.014, 9);
  });

  it('sum up over sets: the best of the bests, the mean weighted by counted reps', () => {
    expect(figuresOver(records, 'velocity.concentric')).toEqual({ reps: 4, best: 1.0, mean: (0.95 * 2 + 0.63 * 2) / 4 });
    expect(figuresOver([], 'velocity.concentric')).toEqual({ reps: 0, best: null, mean: null });
  });
});

describe('the engine stretches of a session', () => {
  const base = { ...DEFAULT_ENGINE_SETTINGS, inertia: 0, mass: 85, radius: 0.014 };
  it('follow the plates, the athlete’s mass and the exercise’s radius, and make none for a boost change', () => {
    const loads = [
      { fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 },
      { fromUs: 5e6, inertia: 0.05, boost: 20 },
      { fromUs: 12e6, inertia: 0.1, boost: 20 },
    ];
    const tags: TagSpan[] = [
      { fromUs: Number.NEGATIVE_INFINITY, ...ANA, mass: 70.24, radius: 0.014, warmup: 1 },
      { fromUs: 9e6, ...BEA, mass: 0, radius: 0.007, warmup: 1 },
    ];
    expect(engineStretches(base, loads, tags).map((s) => [s.fromUs, s.toUs, s.settings.inertia, s.settings.mass, s.settings.radius])).toEqual([
      [Number.NEGATIVE_INFINITY, 9e6, 0.05, 70.24, 0.014],
      [9e6, 12e6, 0.05, 0, 0.007],
      [12e6, Number.POSITIVE_INFINITY, 0.1, 0, 0.007],
    ]);
  });

  it('take the session’s mass and radius for spans recorded without them', () => {
    const stretches = engineStretches(base, [], [{ fromUs: Number.NEGATIVE_INFINITY, ...ANA }]);
    expect(stretches.map((s) => [s.settings.mass, s.settings.radius])).toEqual([[85, 0.014]]);
    expect(sameStretches(stretches, engineStretches(base, [], []))).toBe(true);
    expect(sameStretches(stretches, engineStretches({ ...base, mass: 80 }, [], []))).toBe(false);
  });
});

describe('changing who trains what with their settings', () => {
  const start = changeTagSettings([], { ...ANA, mass: 70.24, radius: 0.014, warmup: 1 }, null, false);
  it('corrects the span in force for the same athlete and exercise, even after their reps began', () => {
    expect(changeTagSettings(start, { ...ANA, mass: 79.02, radius: 0.014, warmup: 2 }, 30e6, true)).toEqual([{ fromUs: Number.NEGATIVE_INFINITY, ...ANA, mass: 79.02, radius: 0.014, warmup: 2 }]);
  });
  it('starts a span for the next athlete once a rep has started, and replaces it before', () => {
    const next = { ...BEA, mass: 0, radius: 0.014, warmup: 1 };
    expect(changeTagSettings(start, next, 30e6, true)).toEqual([...start, { fromUs: 30e6, ...next }]);
    expect(changeTagSettings(start, next, 30e6, false)).toEqual([{ fromUs: Number.NEGATIVE_INFINITY, ...next }]);
  });
});

describe('the set in progress when the next athlete comes up', () => {
  const reps = [0, 1, 2].map((i) => makeRep(i, 0.9, 0.5));
  const tags: TagSpan[] = [{ fromUs: Number.NEGATIVE_INFINITY, ...ANA }, { fromUs: 7.5e6, ...BEA }];
  it('is empty once the change came after the last rep began, and theirs once they pull', () => {
    expect(currentSet(reps, null, { restS: 20, tags }).reps).toEqual([]);
    expect(currentSet(reps, null, { restS: 20, tags: [tags[0]!] }).reps).toHaveLength(3);
    const next = makeRep(3, 0.7, 0.4);
    expect(currentSet([...reps, next], null, { restS: 20, tags }).reps.map((r) => r.index)).toEqual([0]);
  });
});
