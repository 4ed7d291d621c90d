import { describe, expect, it } from 'vitest';
import { changeLoad, firstLoads, loadAt, type LoadSpan } from './loads';

const START = Number.NEGATIVE_INFINITY;
const light = { inertia: 0.05, boost: 0 };
const heavy = { inertia: 0.1, boost: 0 };

describe('changeLoad', () => {
  it('starts a new span at the newest sample once a rep has started in the span in force', () => {
    expect(changeLoad(firstLoads(light), heavy, 30e6, true)).toEqual([
      { fromUs: START, ...light },
      { fromUs: 30e6, ...heavy },
    ]);
  });

  it('replaces the span in force while no rep has started in it, so no empty set is made', () => {
    expect(changeLoad(firstLoads(light), heavy, null, false)).toEqual([{ fromUs: START, ...heavy }]);
    const two: LoadSpan[] = [{ fromUs: START, ...light }, { fromUs: 30e6, ...heavy }];
    expect(changeLoad(two, { inertia: 0.025, boost: 10 }, 40e6, false)).toEqual([{ fromUs: START, ...light }, { fromUs: 30e6, inertia: 0.025, boost: 10 }]);
  });

  it('merges back into the span before when the correction returns to its load', () => {
    const two: LoadSpan[] = [{ fromUs: START, ...light }, { fromUs: 30e6, ...heavy }];
    expect(changeLoad(two, light, 40e6, false)).toEqual([{ fromUs: START, ...light }]);
  });

  it('gives the reps done without plates the plates the user then chooses', () => {
    const none = firstLoads({ inertia: 0, boost: 0 });
    expect(changeLoad(none, heavy, 30e6, true)).toEqual([{ fromUs: START, ...heavy }]);
  });

  it('treats a boost change like a plate change', () => {
    expect(changeLoad(firstLoads(heavy), { inertia: 0.1, boost: 30 }, 5e6, true)).toHaveLength(2);
  });

  it('leaves the loads alone when nothing changed', () => {
    expect(changeLoad(firstLoads(heavy), heavy, 5e6, true)).toEqual(firstLoads(heavy));
  });
});

describe('loadAt', () => {
  const loads: LoadSpan[] = [{ fromUs: START, ...light }, { fromUs: 30e6, ...heavy }];

  it('finds the span a time falls in, a span starting at that very time included', () => {
    expect(loadAt(loads, 0)).toBe(loads[0]);
    expect(loadAt(loads, 30e6 - 1)).toBe(loads[0]);
    expect(loadAt(loads, 30e6)).toBe(loads[1]);
    expect(loadAt(loads, 1e12)).toBe(loads[1]);
  });

  it('refuses a session without a load', () => {
    expect(() => loadAt([], 0)).toThrow('at least one load');
  });
});
