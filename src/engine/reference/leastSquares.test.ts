import { describe, expect, it } from 'vitest';
import { polynomialWeights } from './leastSquares';

const window = (m: number) => Array.from({ length: 2 * m + 1 }, (_, i) => i - m);

/** Savitzky & Golay's (1964) tables of convolution weights, as integers over a norm. */
const expectWeights = (got: number[] | undefined, integers: number[], norm: number) =>
  integers.forEach((w, i) => expect(got?.[i]).toBeCloseTo(w / norm, 14));

describe('least-squares polynomial weights', () => {
  it.each([
    ['a quadratic over 5 points', 2, 2, [-3, 12, 17, 12, -3], 35],
    ['a quadratic over 7 points', 3, 2, [-2, 3, 6, 7, 6, 3, -2], 21],
    ['a quartic over 7 points', 3, 4, [5, -30, 75, 131, 75, -30, 5], 231],
    ['a quartic over 9 points', 4, 4, [15, -55, 30, 135, 179, 135, 30, -55, 15], 429],
  ])("are Savitzky and Golay's smoothing weights for %s", (_, m, degree, integers, norm) => {
    expectWeights(polynomialWeights(window(m), degree, [0])[0], integers, norm);
  });

  it("give a quadratic's value at the window's edge: (−6 + 14x + 10x²) / 70 over 5 points", () => {
    expectWeights(polynomialWeights(window(2), 2, [2])[0], [3, -5, -3, 9, 31], 35);
  });

  it('reproduce any polynomial of their degree, wherever evaluated', () => {
    const x = [0.5, 1.5, 2, 4, 7, 7.5];
    const cubic = (v: number) => 2 - v + 0.25 * v ** 2 - 0.125 * v ** 3;
    for (const [at, weights] of [-1, 3, 9].map((at, k) => [at, polynomialWeights(x, 3, [-1, 3, 9])[k]!] as const)) {
      expect(weights.reduce((sum, w, i) => sum + w * cubic(x[i]!), 0)).toBeCloseTo(cubic(at), 10);
    }
  });
});
