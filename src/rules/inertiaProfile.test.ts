import { describe, expect, it } from 'vitest';
import { createRandom } from '../device/simulation/random';
import { makeRep } from './fixtures';
import { firstLoads } from './loads';
import { fitLine, fitProfile, sessionPoints, suggestForZone, type ProfilePoint } from './inertiaProfile';
import { plateTotal } from './plates';
import { platesFor } from './platesFor';

// A known athlete: v = 1.6 − 2.5·I (m/s), α = −8·ln(I / 0.4) (rad/s²): a maximum load of 0.4 kg·m²,
// about twice the heaviest set, as in a squat study's range.
const V0 = 1.6;
const V_SLOPE = -2.5;
const TRUE_MAX = 0.4;
const B = -8;
const A = -B * Math.log(TRUE_MAX);

function athlete(inertias: readonly number[], noise: number, seed = 1): ProfilePoint[] {
  const random = createRandom(seed).uniform;
  const jitter = () => 1 + noise * (2 * random() - 1);
  return inertias.map((inertia) => ({
    inertia,
    velocity: (V0 + V_SLOPE * inertia) * jitter(),
    angularAcceleration: (A + B * Math.log(inertia)) * jitter(),
  }));
}

describe('fitLine', () => {
  it('finds a line through exact points, R² 1', () => {
    expect(fitLine([0, 1, 2], [1, 3, 5])).toEqual({ intercept: 1, slope: 2, r2: 1 });
  });

  it('gives R² by hand for scattered points', () => {
    // x 0,1,2; y 0,2,1: slope 0.5, intercept 0.5; Sxy = 1, Sxx = 2, Syy = 2 → R² = 1/4.
    const fit = fitLine([0, 1, 2], [0, 2, 1]);
    expect(fit.slope).toBeCloseTo(0.5, 12);
    expect(fit.intercept).toBeCloseTo(0.5, 12);
    expect(fit.r2).toBeCloseTo(0.25, 12);
  });
});

describe('fitProfile', () => {
  it('recovers the athlete’s line, logarithm and maximum load exactly from clean sets', () => {
    const fit = fitProfile(athlete([0.025, 0.05, 0.1, 0.2], 0));
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.profile.velocity.slope).toBeCloseTo(V_SLOPE, 9);
    expect(fit.profile.velocity.intercept).toBeCloseTo(V0, 9);
    expect(fit.profile.acceleration.slope).toBeCloseTo(B, 9);
    expect(fit.profile.maxLoad).toBeCloseTo(TRUE_MAX, 6);
  });

  it('stays within 5 % on sets with ±1 % scatter (about what a set’s mean over its reps has)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const fit = fitProfile(athlete([0.025, 0.0375, 0.05, 0.075, 0.1, 0.15], 0.01, seed));
      expect(fit.ok).toBe(true);
      if (!fit.ok) return;
      const off = (got: number, want: number) => Math.abs(got / want - 1);
      expect(off(fit.profile.velocity.slope, V_SLOPE)).toBeLessThan(0.05);
      expect(off(fit.profile.velocity.intercept, V0)).toBeLessThan(0.05);
      expect(off(fit.profile.maxLoad, TRUE_MAX)).toBeLessThan(0.05);
      expect(fit.profile.velocity.r2).toBeGreaterThan(0.9);
    }
  });

  it('fits three points at two inertias (the third shows how well the line holds)', () => {
    const fit = fitProfile(athlete([0.05, 0.1, 0.1], 0.01));
    expect(fit.ok).toBe(true);
    // Extrapolated from 0.05 and 0.1 kg·m² to 0.4, ±1 % on each figure moves the maximum load by
    // up to about 9 %: the acceleration 1 % low at 0.05 and 1 % high at 0.1 (16.64 → 16.47,
    // 11.09 → 11.20 rad/s²) flattens its line in ln(inertia) from −8.0 to −7.61, whose zero moves
    // from ln 0.4 to −2.303 + 11.20 / 7.61 = ln 0.436.
    if (fit.ok) expect(Math.abs(fit.profile.maxLoad / TRUE_MAX - 1)).toBeLessThan(0.1);
  });

  it.each([
    { name: 'no set', points: [], reason: /There are no sets yet/ },
    { name: 'one set', points: athlete([0.05], 0), reason: /two or more inertias; there is only one set/ },
    { name: 'equal inertias', points: athlete([0.05, 0.05, 0.05], 0.02), reason: /same inertia/ },
    { name: 'two points', points: athlete([0.05, 0.1], 0), reason: /Two sets fit any line exactly/ },
    { name: 'no plates', points: athlete([0.05, 0.1], 0).map((p, i) => (i === 0 ? { ...p, inertia: 0 } : p)), reason: /inertia above 0/ },
    {
      name: 'acceleration rising with inertia',
      points: [0.05, 0.075, 0.1].map((inertia, i) => ({ inertia, velocity: 1 - i / 10, angularAcceleration: 10 + i })),
      reason: /does not fall/,
    },
    { name: 'a missing figure', points: [{ inertia: 0.05, velocity: Number.NaN, angularAcceleration: 10 }, { inertia: 0.1, velocity: 0.8, angularAcceleration: 8 }], reason: /no measured velocity/ },
  ])('says why instead of fitting: $name', ({ points, reason }) => {
    const fit = fitProfile(points);
    expect(fit.ok).toBe(false);
    if (!fit.ok) expect(fit.reason).toMatch(reason);
  });
});

describe('sessionPoints', () => {
  it('makes one point per set from its reps after the warmup: mean velocity and a / 2r', () => {
    // Two sets a minute apart; makeRep gives every concentric figure the rep's value.
    const at = (index: number, startS: number, v: number) => ({ ...makeRep(index, v, v / 2), startUs: startS * 1e6, endUs: (startS + 2) * 1e6 });
    const reps = [at(0, 0, 0.5), at(1, 3, 1.0), at(2, 6, 0.8), at(3, 70, 0.6), at(4, 73, 0.9)];
    const loads = firstLoads({ inertia: 0.05, boost: 0 });
    const points = sessionPoints(reps, { loads, radius: 0.02, restS: 20, warmup: 1 }, 'Monday');
    expect(points).toEqual([
      { inertia: 0.05, velocity: expect.closeTo(0.9, 12), angularAcceleration: expect.closeTo(0.9 / 0.04, 12), label: 'Monday · set 1', reps: 2 },
      { inertia: 0.05, velocity: 0.9, angularAcceleration: expect.closeTo(0.9 / 0.04, 12), label: 'Monday · set 2', reps: 1 },
    ]);
    expect(sessionPoints(reps.slice(0, 1), { loads, radius: 0.02, restS: 20, warmup: 1 }, 'x')).toEqual([]);
  });

  it('gives each set the inertia of the plates it was done with', () => {
    const at = (index: number, startS: number, v: number) => ({ ...makeRep(index, v, v / 2), startUs: startS * 1e6, endUs: (startS + 2) * 1e6 });
    // No long rest: the plate change alone splits the five reps in two sets.
    const reps = [at(0, 0, 0.5), at(1, 3, 1.0), at(2, 6, 0.8), at(3, 9, 0.6), at(4, 12, 0.7)];
    const loads = [
      { fromUs: Number.NEGATIVE_INFINITY, inertia: 0.025, boost: 0 },
      { fromUs: 8e6, inertia: 0.1, boost: 0 },
    ];
    const points = sessionPoints(reps, { loads, radius: 0.02, restS: 20, warmup: 1 }, 'Test');
    expect(points.map((p) => [p.label, p.inertia, p.reps])).toEqual([['Test · set 1', 0.025, 2], ['Test · set 2', 0.1, 1]]);
  });
});

describe('suggestForZone', () => {
  const fit = fitProfile(athlete([0.025, 0.05, 0.1, 0.2], 0));
  if (!fit.ok) throw new Error(fit.reason);

  it('gives the zone’s inertia band, the velocity expected there, and the nearest plates', () => {
    // Strength: 45–70 % of 0.4 kg·m² = 0.18–0.28; middle 0.23 = 36.8 smallest plates → 37 of them,
    // 0.23125 = 2 × 0.1 + 0.025 + 0.00625.
    const s = suggestForZone(fit.profile, 'strength');
    expect(s.inertia[0]).toBeCloseTo(0.18, 9);
    expect(s.inertia[1]).toBeCloseTo(0.28, 9);
    expect(s.velocity[0]).toBeCloseTo(1.6 - 2.5 * 0.18, 9);
    expect(s.velocity[1]).toBeCloseTo(1.6 - 2.5 * 0.28, 9);
    expect(s.plates).toEqual([2, 0, 1, 0, 1]);
    expect(s.total).toBe(0.23125);
  });
});

describe('platesFor', () => {
  it.each([
    [0, [0, 0, 0, 0, 0]],
    [0.00625, [0, 0, 0, 0, 1]],
    [0.03, [0, 0, 1, 0, 1]],
    [0.1875, [1, 1, 1, 1, 0]],
    [0.35, [3, 1, 0, 0, 0]],
  ])('makes %f kg·m² from the fewest plates', (inertia, plates) => {
    expect(platesFor(inertia)).toEqual(plates);
    expect(Math.abs(plateTotal(platesFor(inertia)) - inertia)).toBeLessThanOrEqual(0.003125);
  });
});
