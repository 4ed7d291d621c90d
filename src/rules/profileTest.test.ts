import { describe, expect, it } from 'vitest';
import { makeRep } from './fixtures';
import { DEFAULT_PROFILE_TEST, parseStoredProfileTest, planProfileTest, stepReps } from './profileTest';

describe('planProfileTest', () => {
  it('spreads the inertias evenly from the lightest to the heaviest, each of the fewest plates', () => {
    expect(planProfileTest(DEFAULT_PROFILE_TEST)).toEqual([
      { plates: [0, 0, 1, 0, 0], inertia: 0.025 },
      { plates: [0, 1, 0, 0, 0], inertia: 0.05 },
      { plates: [0, 1, 1, 0, 0], inertia: 0.075 },
      { plates: [1, 0, 0, 0, 0], inertia: 0.1 },
    ]);
    // 0.025, 0.0625, 0.1: the middle one is 0.05 + 0.0125.
    expect(planProfileTest({ ...DEFAULT_PROFILE_TEST, steps: 3 }).map((s) => s.inertia)).toEqual([0.025, 0.0625, 0.1]);
  });

  it('makes one step of two that round to the same plates, and refuses a range too narrow for three', () => {
    expect(planProfileTest({ ...DEFAULT_PROFILE_TEST, steps: 5, lightest: 0.00625, heaviest: 0.025 }).map((s) => s.inertia)).toEqual([0.00625, 0.0125, 0.01875, 0.025]);
    expect(() => planProfileTest({ ...DEFAULT_PROFILE_TEST, steps: 5, lightest: 0.00625, heaviest: 0.0125 })).toThrow('fewer than three different plate totals');
  });

  it('refuses a plan it cannot run, saying why', () => {
    expect(() => planProfileTest({ ...DEFAULT_PROFILE_TEST, steps: 2 })).toThrow('3 to 5 inertias, not 2');
    expect(() => planProfileTest({ ...DEFAULT_PROFILE_TEST, lightest: 0.1, heaviest: 0.05 })).toThrow('heaviest inertia must be above the lightest');
  });
});

describe('stepReps', () => {
  const at = (index: number, startS: number) => ({ ...makeRep(index, 1, 0.5), startUs: startS * 1e6, endUs: (startS + 2) * 1e6 });

  it('counts the reps started since the step began, after the set’s warmup', () => {
    const reps = [at(0, 0), at(1, 3), at(2, 30), at(3, 33), at(4, 36)];
    expect(stepReps(reps, 29e6, 1)).toBe(2);
    expect(stepReps(reps, 30e6, 1)).toBe(2);
    expect(stepReps(reps, 31e6, 1)).toBe(1);
    expect(stepReps(reps, 40e6, 1)).toBe(0);
  });
});

describe('a stored profile test', () => {
  const plan = { ...DEFAULT_PROFILE_TEST, steps: 3, reps: 2 };
  const run = { steps: planProfileTest(plan), index: 1, sinceUs: 40e6, startUs: Number.NEGATIVE_INFINITY, finished: false };

  it('reads back as it was stored, a test begun before any sample included', () => {
    expect(parseStoredProfileTest(JSON.stringify({ plan, run }))).toEqual({ plan, run });
    expect(parseStoredProfileTest(JSON.stringify({ plan, run: null }))).toEqual({ plan, run: null });
  });

  it('is refused, saying why, when it is not a test this version can run', () => {
    expect(() => parseStoredProfileTest(JSON.stringify({ plan: { ...plan, steps: 7 }, run: null }))).toThrow('3 to 5 inertias, not 7');
    expect(() => parseStoredProfileTest(JSON.stringify({ plan, run: { ...run, index: 3 } }))).toThrow(/the step must be a whole number from 0 to 2/);
    expect(() => parseStoredProfileTest(JSON.stringify({ plan: { ...plan, steps: 4 }, run }))).toThrow('steps are not its plan’s');
    expect(() => parseStoredProfileTest('{')).toThrow();
  });
});
