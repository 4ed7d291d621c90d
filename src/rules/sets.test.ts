import { describe, expect, it } from 'vitest';
import type { Rep } from '../engine/types';
import { makeRep, phaseOf } from './fixtures';
import { sessionSets, splitSets } from './sets';

/** A rep moving from `startS` for 2 s, with concentric velocity `v` (every other figure too). */
function repAt(index: number, startS: number, v: number, patch: Partial<Rep> = {}): Rep {
  return { ...makeRep(index, v, v / 2), startUs: startS * 1e6, endUs: (startS + 2) * 1e6, ...patch };
}

describe('splitSets', () => {
  it('cuts at rests longer than the set rest, measured from one rep’s end to the next one’s start', () => {
    // Reps every 3 s (1 s rests), then 25 s of rest, then three more, then exactly 20 s.
    const reps = [repAt(0, 0, 1), repAt(1, 3, 1), repAt(2, 6, 1), repAt(3, 33, 1), repAt(4, 36, 1), repAt(5, 58, 1)];
    expect(splitSets(reps, 20).map((set) => set.map((r) => r.index))).toEqual([[0, 1, 2], [3, 4, 5]]);
    expect(splitSets(reps, 19.5).map((set) => set.map((r) => r.index))).toEqual([[0, 1, 2], [3, 4], [5]]);
    expect(splitSets([], 20)).toEqual([]);
  });
});

describe('sessionSets', () => {
  it('summarises each set by hand-checkable figures, warmup left out', () => {
    const work = (j: number) => ({ ...phaseOf(1), work: j, peakPower: 100 });
    const reps = [
      repAt(0, 0, 0.5, { count: 0 }),
      repAt(1, 3, 1.0, { concentric: { ...work(100), velocity: 1.0 }, eccentric: work(80), peakPowerRatio: 1.2 }),
      repAt(2, 6, 0.9, { concentric: { ...work(90), velocity: 0.9 }, eccentric: work(70), peakPowerRatio: 1.4 }),
      repAt(3, 9, 0.8, { concentric: { ...work(80), velocity: 0.8 }, eccentric: work(60), peakPowerRatio: 1.0 }),
      repAt(4, 60, 0.7, { concentric: { ...phaseOf(0.7), peakPower: 0 }, peakPowerRatio: 0 }),
    ];
    const [first, second] = sessionSets(reps, 20, 'velocity', 'concentric');
    expect(first).toEqual({
      index: 0,
      reps: 4,
      counted: 3,
      best: 1.0,
      mean: expect.closeTo(0.9, 12),
      velocityLoss: expect.closeTo(20, 12),
      work: 480,
      overload: expect.closeTo(1.2, 12),
    });
    // One rep: no loss; no concentric power (inertia 0): no overload.
    expect(second).toMatchObject({ index: 1, reps: 1, counted: 1, best: 0.7, velocityLoss: 0, overload: 0 });
  });

  it('has no best or mean for a set of warmup reps only', () => {
    const [only] = sessionSets([repAt(0, 0, 0.5, { count: 0 })], 20, 'power', 'eccentric');
    expect(only).toMatchObject({ counted: 0, best: null, mean: null, velocityLoss: 0, work: 0, overload: 0 });
  });
});
