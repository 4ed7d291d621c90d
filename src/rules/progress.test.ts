import { describe, expect, it } from 'vitest';
import { makeRep } from './fixtures';
import { mostUsedInertia, repsByInertia, sessionFigures } from './progress';

const at = (index: number, startS: number, v: number) => ({ ...makeRep(index, v, v / 2), startUs: startS * 1e6, endUs: (startS + 2) * 1e6 });

describe('sessionFigures', () => {
  it('takes best and mean over every set’s reps after its warmup', () => {
    // Set 1: W 0.5, 1.0, 0.8; a minute later set 2: W 0.4, 0.9.
    const reps = [at(0, 0, 0.5), at(1, 3, 1.0), at(2, 6, 0.8), at(3, 70, 0.4), at(4, 73, 0.9)];
    const f = sessionFigures(reps, { restS: 20, warmup: 1 }, 'velocity', 'concentric');
    expect(f.reps).toBe(3);
    expect(f.best).toBe(1.0);
    expect(f.mean).toBeCloseTo(0.9, 12);
    expect(sessionFigures(reps, { restS: 20, warmup: 1 }, 'power', 'eccentric').best).toBe(0.5);
  });

  it('keeps to the sets done at one inertia when asked', () => {
    // Set 1 at 0.05 kg·m²: W 0.5, 1.0; the plates change; set 2 at 0.1: W 0.4, 0.7, 0.6.
    const reps = [at(0, 0, 0.5), at(1, 3, 1.0), at(2, 6, 0.4), at(3, 9, 0.7), at(4, 12, 0.6)];
    const loads = [
      { fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 },
      { fromUs: 5e6, inertia: 0.1, boost: 0 },
    ];
    const how = { restS: 20, warmup: 1, loads };
    expect(sessionFigures(reps, how, 'velocity', 'concentric', 0.1)).toEqual({ reps: 2, best: 0.7, mean: expect.closeTo(0.65, 12) });
    expect(sessionFigures(reps, how, 'velocity', 'concentric', 0.05)).toEqual({ reps: 1, best: 1.0, mean: 1.0 });
    expect(sessionFigures(reps, how, 'velocity', 'concentric', 0.2).reps).toBe(0);
    expect(sessionFigures(reps, how, 'velocity', 'concentric').reps).toBe(3);
  });

  it('has no figures without a rep after the warmup', () => {
    expect(sessionFigures([at(0, 0, 0.5)], { restS: 20, warmup: 1 }, 'velocity', 'concentric')).toEqual({ reps: 0, best: null, mean: null });
  });
});

describe('the inertias a session was trained at', () => {
  // Set 1 at 0.05 kg·m²: W and 1 counted rep; the plates change; set 2 at 0.1: W and 2 counted.
  const reps = [at(0, 0, 0.5), at(1, 3, 1.0), at(2, 6, 0.4), at(3, 9, 0.7), at(4, 12, 0.6)];
  const loads = [
    { fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 },
    { fromUs: 5e6, inertia: 0.1, boost: 0 },
    { fromUs: 100e6, inertia: 0.2, boost: 0 },
  ];

  it('counts the reps after each set’s warmup at each inertia, leaving out plates no rep was done at', () => {
    expect(repsByInertia(reps, { restS: 20, warmup: 1, loads })).toEqual(new Map([[0.05, 1], [0.1, 2]]));
    expect(repsByInertia(reps, { restS: 20, warmup: 1 })).toEqual(new Map());
  });

  it('names the inertia of the most reps over the sessions, the latest session’s on a tie', () => {
    const light = { startedAt: 1, byInertia: new Map([[0.05, 4]]) };
    const heavy = { startedAt: 2, byInertia: new Map([[0.1, 3]]) };
    expect(mostUsedInertia([light, heavy])).toBe(0.05);
    expect(mostUsedInertia([light, heavy, { startedAt: 3, byInertia: new Map([[0.1, 1]]) }])).toBe(0.1);
    expect(mostUsedInertia([{ startedAt: 3, byInertia: new Map([[0.1, 4]]) }, light])).toBe(0.1);
    expect(mostUsedInertia([])).toBeNull();
  });
});
