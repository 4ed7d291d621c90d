import { describe, expect, it } from 'vitest';
import { bestRep, currentDrop, currentTarget, percentChange, zoneLowerBound } from './target';

describe('percentChange', () => {
  it.each([
    { value: 0.9, target: 1, expected: -10 },
    { value: 1.2, target: 1, expected: 20 },
    { value: 0.5, target: 2, expected: -75 },
    { value: 0, target: 0.5, expected: -100 },
    { value: 1, target: 0, expected: 0 },
    { value: 0, target: 0, expected: 0 },
  ])('gives $expected % for $value against $target', ({ value, target, expected }) => {
    expect(percentChange(value, target)).toBeCloseTo(expected, 10);
  });

  it('refuses a non-finite value with a clear error', () => {
    expect(() => percentChange(Number.NaN, 1)).toThrow(/value must be a finite number/);
  });
});

describe('zoneLowerBound', () => {
  it.each([
    { target: 1, drop: 10, percent: true, expected: 0.9 },
    { target: 2, drop: 25, percent: true, expected: 1.5 },
    { target: 1, drop: 0, percent: true, expected: 1 },
    { target: 1, drop: 100, percent: true, expected: 0 },
    { target: 1, drop: 0.2, percent: false, expected: 0.8 },
    { target: 300, drop: 50, percent: false, expected: 250 },
  ])('puts the bound at $expected for target $target, drop $drop (percent: $percent)', ({ target, drop, percent, expected }) => {
    expect(zoneLowerBound(target, drop, percent)).toBeCloseTo(expected, 10);
  });

  it('refuses a percent drop above 100', () => {
    expect(() => zoneLowerBound(1, 101, true)).toThrow(/0–100/);
  });

  it('refuses a negative drop', () => {
    expect(() => zoneLowerBound(1, -1, false)).toThrow(/must not be negative/);
  });
});

describe('currentTarget', () => {
  const reps = [
    { count: 0, value: 1.5 },
    { count: 1, value: 1 },
    { count: 2, value: 1.2 },
    { count: 3, value: 0.9 },
  ];

  it('aims a Fatigue set at the best rep, ignoring a faster warmup rep', () => {
    expect(currentTarget('Fatigue', 0.9, reps)).toBe(1.2);
  });

  it('has no Fatigue target before the first counted rep', () => {
    expect(currentTarget('Fatigue', 0.9, [{ count: 0, value: 1 }])).toBeNull();
  });

  it.each(['None', 'Threshold', 'Zone'] as const)('aims a %s set at the target value', (type) => {
    expect(currentTarget(type, 0.9, reps)).toBe(0.9);
  });
});

describe('currentDrop', () => {
  it.each([
    { type: 'None', expected: null },
    { type: 'Threshold', expected: null },
    { type: 'Zone', expected: 0.9 },
    { type: 'Fatigue', expected: 0.9 },
  ] as const)('is $expected for $type with target 1 and a 10 % drop', ({ type, expected }) => {
    const drop = currentDrop(type, 1, 10, true);
    if (expected === null) expect(drop).toBeNull();
    else expect(drop).toBeCloseTo(expected, 10);
  });

  it('is absent while the target is', () => {
    expect(currentDrop('Fatigue', null, 10, true)).toBeNull();
  });
});

describe('bestRep', () => {
  it('keeps the first of two equal best reps', () => {
    expect(bestRep([{ count: 1, value: 1 }, { count: 2, value: 1 }])).toEqual({ count: 1, value: 1 });
  });

  it('is null when only warmup reps exist', () => {
    expect(bestRep([{ count: 0, value: 2 }, { count: -1, value: 3 }])).toBeNull();
  });
});
