import { describe, expect, it } from 'vitest';
import { makeRep } from './fixtures';
import { sessionFigures } from './progress';

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

  it('has no figures without a rep after the warmup', () => {
    expect(sessionFigures([at(0, 0, 0.5)], { restS: 20, warmup: 1 }, 'velocity', 'concentric')).toEqual({ reps: 0, best: null, mean: null });
  });
});
