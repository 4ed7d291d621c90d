import { describe, expect, it } from 'vitest';
import { profileFigures } from './profileFigures';

describe('profileFigures', () => {
  const sets = [
    { inertia: 0.05, velocity: 1.475, angularAcceleration: 16, label: 'a · set 1', reps: 5 },
    { inertia: 0.1, velocity: 1.35, angularAcceleration: 10, label: 'b · set 1', reps: 5 },
  ];
  // v = 1.6 − 2.5·I; α = a + b·ln I through both points; the log curve is drawn out to I_max.
  const b = (10 - 16) / Math.log(2);
  const a = 16 - b * Math.log(0.05);
  const profile = { velocity: { intercept: 1.6, slope: -2.5, r2: 1 }, acceleration: { intercept: a, slope: b, r2: 1 }, maxLoad: Math.exp(-a / b) };

  it('plots the sets as points, named by their labels, and the velocity line across them', () => {
    const { velocity } = profileFigures(sets, profile);
    expect(velocity.data[0]).toMatchObject({ mode: 'markers', x: [0.05, 0.1], y: [1.475, 1.35], text: ['a · set 1', 'b · set 1'] });
    expect(velocity.data[1]!.x).toEqual([0.05, 0.1]);
    velocity.data[1]!.y.forEach((y, i) => expect(y).toBeCloseTo(sets[i]!.velocity, 12));
  });

  it('draws the acceleration fit through the points and down to 0 at the maximum load', () => {
    const { acceleration } = profileFigures(sets, profile);
    const curve = acceleration.data[1]!;
    expect(curve.x[0]).toBe(0.05);
    expect(curve.x.at(-1)).toBeCloseTo(profile.maxLoad, 12);
    expect(curve.y[0]).toBeCloseTo(16, 12);
    expect(curve.y.at(-1)).toBeCloseTo(0, 9);
  });
});
