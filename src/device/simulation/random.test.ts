import { describe, expect, it } from 'vitest';
import { createRandom } from './random';

describe('seeded randomness', () => {
  it('repeats its sequence for a seed', () => {
    const a = createRandom(9);
    const b = createRandom(9);
    expect(Array.from({ length: 5 }, () => a.uniform())).toEqual(Array.from({ length: 5 }, () => b.uniform()));
  });

  it('gives uniform numbers in [0, 1) and standard normals with mean 0 and deviation 1', () => {
    const r = createRandom(3);
    const u = Array.from({ length: 20_000 }, () => r.uniform());
    expect(Math.min(...u)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...u)).toBeLessThan(1);
    const g = Array.from({ length: 20_000 }, () => r.gauss());
    const mean = g.reduce((s, x) => s + x, 0) / g.length;
    const sd = Math.sqrt(g.reduce((s, x) => s + (x - mean) ** 2, 0) / g.length);
    // Standard error of the mean over 20 000 draws is 1/√20000 ≈ 0.007.
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(sd).toBeGreaterThan(0.97);
    expect(sd).toBeLessThan(1.03);
  });

  it('refuses a seed that is not a finite number', () => {
    expect(() => createRandom(Infinity)).toThrow(RangeError);
  });
});
