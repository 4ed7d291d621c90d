import { describe, expect, it } from 'vitest';
import { countedReps, isRepValid, isSetComplete, repCount, repLabel, type Judgement } from './validity';

const none: Judgement = { type: 'None', target: 0.9, drop: null };
const threshold: Judgement = { type: 'Threshold', target: 0.9, drop: null };
const zone: Judgement = { type: 'Zone', target: 1, drop: 0.9 };
const fatigue: Judgement = { type: 'Fatigue', target: 1, drop: 0.9 };

describe('isRepValid', () => {
  it.each([
    { name: 'None', judgement: none, value: 0.1, valid: true },
    { name: 'Threshold', judgement: threshold, value: 0.9, valid: true },
    { name: 'Threshold', judgement: threshold, value: 1.5, valid: true },
    { name: 'Threshold', judgement: threshold, value: 0.89, valid: false },
    { name: 'Zone', judgement: zone, value: 1, valid: true },
    { name: 'Zone', judgement: zone, value: 0.9, valid: true },
    { name: 'Zone', judgement: zone, value: 1.01, valid: false },
    { name: 'Zone', judgement: zone, value: 0.89, valid: false },
    { name: 'Fatigue', judgement: fatigue, value: 0.95, valid: true },
    { name: 'Fatigue', judgement: fatigue, value: 0.85, valid: false },
  ])('judges a $name rep of $value as valid: $valid', ({ judgement, value, valid }) => {
    expect(isRepValid({ count: 1, value }, judgement)).toBe(valid);
  });

  it.each([none, threshold, zone, fatigue])('never counts a warmup rep as valid ($type)', (judgement) => {
    expect(isRepValid({ count: 0, value: 0.95 }, judgement)).toBe(false);
    expect(isRepValid({ count: -2, value: 0.95 }, judgement)).toBe(false);
  });

  it('judges a Fatigue rep invalid while there is no target yet', () => {
    expect(isRepValid({ count: 1, value: 1 }, { type: 'Fatigue', target: null, drop: null })).toBe(false);
  });
});

describe('numbering', () => {
  it.each([
    { index: 0, warmup: 1, count: 0, label: 'W' },
    { index: 1, warmup: 1, count: 1, label: '1' },
    { index: 2, warmup: 3, count: 0, label: 'W' },
    { index: 0, warmup: 3, count: -2, label: 'W' },
    { index: 3, warmup: 3, count: 1, label: '1' },
    { index: 9, warmup: 2, count: 8, label: '8' },
  ])('numbers rep $index with warmup $warmup as $label', ({ index, warmup, count, label }) => {
    expect(repCount(index, warmup)).toBe(count);
    expect(repLabel(repCount(index, warmup))).toBe(label);
  });

  it('refuses a fractional index', () => {
    expect(() => repCount(1.5, 1)).toThrow(/non-negative integer/);
  });

  it.each([
    { total: 0, warmup: 1, counted: 0 },
    { total: 1, warmup: 3, counted: 0 },
    { total: 5, warmup: 2, counted: 3 },
  ])('counts $counted reps out of $total with warmup $warmup', ({ total, warmup, counted }) => {
    expect(countedReps(total, warmup)).toBe(counted);
  });
});

describe('isSetComplete', () => {
  const reps = (latest: number) => [
    { count: 0, value: 0.5 },
    { count: 1, value: 1 },
    { count: 2, value: latest },
  ];

  it('ends a Fatigue set once the latest rep falls below the bound', () => {
    expect(isSetComplete(reps(0.85), fatigue)).toBe(true);
  });

  it('keeps a Fatigue set going while the latest rep is on the bound', () => {
    expect(isSetComplete(reps(0.9), fatigue)).toBe(false);
  });

  it.each([none, threshold, zone])('never ends a $type set by rule, even below its band', (judgement) => {
    expect(isSetComplete(reps(0.1), judgement)).toBe(false);
  });

  it('ignores a slow warmup rep', () => {
    expect(isSetComplete([{ count: 0, value: 0.1 }], fatigue)).toBe(false);
  });
});
