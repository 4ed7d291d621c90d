import { describe, expect, it } from 'vitest';
import type { Rep } from '../engine/types';
import { makeRep, phaseOf } from './fixtures';
import { sessionSets } from './sets';
import { currentSet, numberedSets, splitSets } from './setSplit';
import { repCount } from './validity';

/** A rep moving from `startS` for 2 s, with concentric velocity `v` (every other figure too). */
function repAt(index: number, startS: number, v: number, patch: Partial<Rep> = {}): Rep {
  return { ...makeRep(index, v, v / 2), startUs: startS * 1e6, endUs: (startS + 2) * 1e6, ...patch };
}

describe('splitSets', () => {
  it('cuts at rests longer than the set rest, measured from one rep’s end to the next one’s start', () => {
    // Reps every 3 s (1 s rests), then 25 s of rest, then three more, then exactly 20 s.
    const reps = [repAt(0, 0, 1), repAt(1, 3, 1), repAt(2, 6, 1), repAt(3, 33, 1), repAt(4, 36, 1), repAt(5, 58, 1)];
    expect(splitSets(reps, { restS: 20 }).map((set) => set.map((r) => r.index))).toEqual([[0, 1, 2], [3, 4, 5]]);
    expect(splitSets(reps, { restS: 19.5 }).map((set) => set.map((r) => r.index))).toEqual([[0, 1, 2], [3, 4], [5]]);
    expect(splitSets([], { restS: 20 })).toEqual([]);
  });
});

describe('splitSets at load changes', () => {
  // Reps every 3 s, so no rest is long; the plates change after the third rep's start.
  const reps = [0, 3, 6, 9, 12].map((t, i) => repAt(i, t, 1));
  const loads = [
    { fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 },
    { fromUs: 7e6, inertia: 0.1, boost: 0 },
    { fromUs: 10e6, inertia: 0.1, boost: 20 },
  ];

  it('starts a set at each change of plates or boost, the rep under way keeping the load it started at', () => {
    expect(splitSets(reps, { restS: 20, loads }).map((set) => set.map((r) => r.index))).toEqual([[0, 1, 2], [3], [4]]);
  });

  it('tells each set its load', () => {
    const sets = sessionSets(reps, { restS: 20, loads, warmup: 0, metric: 'velocity', phase: 'concentric' });
    expect(sets.map((set) => set.load)).toEqual([{ inertia: 0.05, boost: 0 }, { inertia: 0.1, boost: 0 }, { inertia: 0.1, boost: 20 }]);
  });

  it('starts a new set with the rep under way when the load changed before it started', () => {
    const turn = { index: 5, count: 5, start: 0, turn: 0, startUs: 15e6, concentric: phaseOf(1) };
    const later = [...loads, { fromUs: 14e6, inertia: 0.025, boost: 20 }];
    expect(currentSet(reps, turn, { restS: 20, loads: later })).toEqual({ reps: [], turn: { ...turn, index: 0 } });
    expect(currentSet(reps, turn, { restS: 20, loads }).turn?.index).toBe(1);
  });
});

describe('sessionSets', () => {
  it('summarises each set by hand-checkable figures, each set’s warmup left out', () => {
    const work = (j: number) => ({ ...phaseOf(1), work: j, peakPower: 100 });
    const reps = [
      repAt(0, 0, 0.5),
      repAt(1, 3, 1.0, { concentric: { ...work(100), velocity: 1.0 }, eccentric: work(80), peakPowerRatio: 1.2 }),
      repAt(2, 6, 0.9, { concentric: { ...work(90), velocity: 0.9 }, eccentric: work(70), peakPowerRatio: 1.4 }),
      repAt(3, 9, 0.8, { concentric: { ...work(80), velocity: 0.8 }, eccentric: work(60), peakPowerRatio: 1.0 }),
      repAt(4, 60, 0.7, { concentric: { ...phaseOf(0.7), peakPower: 0 }, peakPowerRatio: 0 }),
    ];
    const [first, second] = sessionSets(reps, { restS: 20, warmup: 1, metric: 'velocity', phase: 'concentric' });
    expect(first).toEqual({
      index: 0,
      load: null,
      reps: 4,
      counted: 3,
      best: 1.0,
      mean: expect.closeTo(0.9, 12),
      velocityLoss: expect.closeTo(20, 12),
      work: 480,
      overload: expect.closeTo(1.2, 12),
    });
    // A set of one rep is its warmup.
    expect(second).toMatchObject({ index: 1, reps: 1, counted: 0, best: null, velocityLoss: 0, overload: 0 });
    // Without warmup: one rep, no loss; no concentric power (inertia 0), no overload.
    expect(sessionSets(reps, { restS: 20, warmup: 0, metric: 'velocity', phase: 'concentric' })[1]).toMatchObject({ counted: 1, best: 0.7, velocityLoss: 0, overload: 0 });
  });

  it('keeps the velocity loss within 0–100 % when the best velocity is a rounding remnant of a still rope', () => {
    // Best 5e-324 m/s, last −8.9e-18 m/s: (best − last) / best would be 1.8e306, × 100 infinite.
    const [set] = sessionSets([repAt(0, 0, 5e-324), repAt(1, 3, -8.9e-18)], { restS: 20, warmup: 0, metric: 'velocity', phase: 'concentric' });
    expect(set!.velocityLoss).toBe(100);
    // A real drop: 0.8 to 0.6 m/s is 25 %.
    expect(sessionSets([repAt(0, 0, 0.8), repAt(1, 3, 0.6)], { restS: 20, warmup: 0, metric: 'velocity', phase: 'concentric' })[0]!.velocityLoss).toBeCloseTo(25, 12);
  });

  it('has no best or mean for a set of warmup reps only', () => {
    const [only] = sessionSets([repAt(0, 0, 0.5), repAt(1, 3, 0.6)], { restS: 20, warmup: 2, metric: 'power', phase: 'eccentric' });
    expect(only).toMatchObject({ counted: 0, best: null, mean: null, velocityLoss: 0, work: 0, overload: 0 });
  });
});

describe('currentSet', () => {
  const reps = [repAt(0, 0, 1), repAt(1, 3, 1), repAt(2, 40, 1), repAt(3, 43, 1)];
  const turnAt = (index: number, startS: number) => ({ index, count: index, start: 0, turn: 0, startUs: startS * 1e6, concentric: phaseOf(1) });

  it('is the reps after the last long rest, numbered from 0 so the set has its own warmup', () => {
    const set = currentSet(reps, null, { restS: 20 });
    expect(set.reps.map((r) => [r.index, r.startUs / 1e6])).toEqual([[0, 40], [1, 43]]);
    expect(set.turn).toBeNull();
  });

  it('numbers the rep under way in the set, or starts a new set with it after a long rest', () => {
    expect(currentSet(reps, turnAt(4, 46), { restS: 20 }).turn?.index).toBe(2);
    const fresh = currentSet(reps, turnAt(4, 120), { restS: 20 });
    expect(fresh.reps).toEqual([]);
    expect(fresh.turn?.index).toBe(0);
    expect(currentSet([], turnAt(0, 1), { restS: 20 }).turn?.index).toBe(0);
  });
});

describe('numberedSets', () => {
  // Two reps, 37 s of rest, three reps, a change of plates, two reps; the engine counted on across them.
  const loads = [
    { fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 },
    { fromUs: 50e6, inertia: 0.1, boost: 0 },
  ];
  const reps = [0, 3, 40, 43, 46, 52, 55].map((t, i) => repAt(i, t, 1));

  it('counts each set’s reps from that set’s own warmup, at long rests and load changes, keeping their place in the session', () => {
    const sets = numberedSets(reps, { restS: 20, loads, warmup: 2 });
    expect(sets.map((set) => set.map((r) => [r.index, r.count]))).toEqual([
      [[0, -1], [1, 0]],
      [[2, -1], [3, 0], [4, 1]],
      [[5, -1], [6, 0]],
    ]);
  });

  it('counts the set in progress as the Workout screen does (currentSet, then docs/behaviour.md §4’s index − warmup + 1)', () => {
    for (const warmup of [1, 2, 3]) {
      const onScreen = currentSet(reps, null, { restS: 20, loads }).reps.map((r) => repCount(r.index, warmup));
      expect(numberedSets(reps, { restS: 20, loads, warmup }).at(-1)!.map((r) => r.count)).toEqual(onScreen);
    }
  });
});
