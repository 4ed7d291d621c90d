import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { effectiveMass, effectiveRadius, engineSettingsFor } from './exerciseMechanics';
import { BUILT_IN_EXERCISES, createExercise } from './exercises';

const squat = BUILT_IN_EXERCISES.find((e) => e.id === 'builtin:squat')!;
const row = BUILT_IN_EXERCISES.find((e) => e.id === 'builtin:bent-over-row')!;
const unit = { ...DEFAULT_ENGINE_SETTINGS, radius: 0.014, inertia: 0.05 };

describe('engine settings of an athlete doing an exercise', () => {
  it('moves the body mass times the share: 80 kg squatting is 80 × 0.878 = 70.24 kg, rowing 0 kg', () => {
    expect(effectiveMass(80, squat)).toBeCloseTo(70.24, 10);
    expect(effectiveMass(80, row)).toBe(0);
    expect(engineSettingsFor(unit, 80, squat)).toEqual({ ...unit, mass: 80 * 0.878 });
  });

  it('keeps the unit radius unless the exercise has its own, and halves either behind a moving pulley', () => {
    const pulley = createExercise({ name: 'Belt squat', massShare: 0.878, radius: null, movingPulley: true }, { id: 'x', now: 1 });
    const cone = createExercise({ name: 'Cone pull', massShare: 0, radius: 0.03, movingPulley: false }, { id: 'y', now: 1 });
    const conePulley = { ...cone, movingPulley: true };
    expect(effectiveRadius(0.014, squat)).toBe(0.014);
    expect(effectiveRadius(0.014, pulley)).toBe(0.007);
    expect(effectiveRadius(0.014, cone)).toBe(0.03);
    expect(effectiveRadius(0.014, conePulley)).toBe(0.015);
    expect(engineSettingsFor(unit, 90, pulley)).toEqual({ ...unit, radius: 0.007, mass: 90 * 0.878 });
  });

  it('leaves every other engine setting as the unit has it', () => {
    const out = engineSettingsFor({ ...unit, hz: 500, warmup: 3, calcAngularVelocity: true }, 70, squat);
    expect([out.hz, out.warmup, out.calcAngularVelocity, out.inertia]).toEqual([500, 3, true, 0.05]);
  });

  it('refuses a body mass that is not a number of kilograms', () => {
    expect(() => effectiveMass(Number.NaN, squat)).toThrow(/body mass/);
    expect(() => effectiveMass(-1, squat)).toThrow(/body mass/);
  });
});
