import { describe, expect, it } from 'vitest';
import { makeRep } from './fixtures';
import { mostUsedInertia, repsByInertia } from './progress';
import { setRecords } from './setRecords';
import { firstTags } from './setTags';

const at = (index: number, startS: number, v: number) => ({ ...makeRep(index, v, v / 2), startUs: startS * 1e6, endUs: (startS + 2) * 1e6 });

describe('the inertias a session was trained at', () => {
  // Set 1 at 0.05 kg·m²: W and 1 counted rep; the plates change; set 2 at 0.1: W and 2 counted.
  const reps = [at(0, 0, 0.5), at(1, 3, 1.0), at(2, 6, 0.4), at(3, 9, 0.7), at(4, 12, 0.6)];
  const loads = [
    { fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 },
    { fromUs: 5e6, inertia: 0.1, boost: 0 },
    { fromUs: 100e6, inertia: 0.2, boost: 0 },
  ];

  it('counts the reps after each set’s warmup at each inertia, leaving out plates no rep was done at', () => {
    const tags = firstTags({ athleteId: 'ana', exerciseId: 'builtin:squat' });
    expect(repsByInertia(setRecords(reps, { restS: 20, warmup: 1, loads, tags, radius: 0.014 }))).toEqual(new Map([[0.05, 1], [0.1, 2]]));
    expect(repsByInertia(setRecords(reps, { restS: 20, warmup: 1, loads: [], tags, radius: 0.014 }))).toEqual(new Map());
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
