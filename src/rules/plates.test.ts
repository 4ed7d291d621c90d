import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATE_STEPS, plateInertia, plateTotal } from './plates';

describe('plates', () => {
  it('shows the documented plate sizes beside the steppers', () => {
    expect(PLATE_STEPS.map(plateInertia)).toEqual([0.1, 0.05, 0.025, 0.0125, 0.00625]);
  });

  it.each([
    { counts: [0, 0, 0, 0, 0], total: 0 },
    { counts: [1, 0, 0, 0, 0], total: 0.1 },
    { counts: [1, 1, 0, 0, 0], total: 0.15 },
    { counts: [0, 0, 0, 0, 1], total: 0.00625 },
    { counts: [1, 1, 1, 1, 1], total: 0.19375 },
    { counts: [3, 2, 1, 0, 4], total: 0.45 },
  ])('totals $counts to exactly $total kg·m²', ({ counts, total }) => {
    expect(plateTotal(counts)).toBe(total);
  });

  it('never drifts: any counts give a total with at most five decimals', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(200), { minLength: 5, maxLength: 5 }), (counts) => {
        const text = String(plateTotal(counts));
        const decimals = text.includes('.') ? text.split('.')[1].length : 0;
        expect(decimals).toBeLessThanOrEqual(5);
      }),
    );
  });

  it.each([
    { counts: [-1, 0, 0, 0, 0], message: /plate count 1 must be a non-negative integer/ },
    { counts: [0, 0.5, 0, 0, 0], message: /plate count 2/ },
    { counts: [0, 0, 0, 0], message: /expected 5 plate counts/ },
  ])('refuses $counts', ({ counts, message }) => {
    expect(() => plateTotal(counts)).toThrow(message);
  });
});
