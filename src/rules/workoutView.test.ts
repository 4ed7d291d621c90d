import { describe, expect, it } from 'vitest';
import { specSampleReps } from './fixtures';
import { buildWorkoutView, type ViewSettings } from './workoutView';

const base: ViewSettings = {
  metric: 'velocity',
  phase: 'concentric',
  target: 'None',
  targetValue: 0.9,
  dropValue: 0,
  dropPercent: true,
  warmup: 1,
};

describe('buildWorkoutView on the documented sample rows', () => {
  it('numbers the first rep W and the rest from 1', () => {
    const view = buildWorkoutView(specSampleReps(), base);
    expect(view.rows.map((r) => r.label)).toEqual(['W', '1', '2', '3', '4', '5', '6']);
    expect(view.counted).toBe(6);
  });

  it('with no target, every rep but the warmup is valid', () => {
    const view = buildWorkoutView(specSampleReps(), base);
    expect(view.rows.map((r) => r.valid)).toEqual([false, true, true, true, true, true, true]);
    expect(view.drop).toBeNull();
  });

  it('with a 0.9 threshold, the 0.86 rep is the only counted rep that fails', () => {
    const view = buildWorkoutView(specSampleReps(), { ...base, target: 'Threshold' });
    expect(view.rows.map((r) => r.valid)).toEqual([false, true, true, true, true, true, false]);
    expect(view.rows[6].percentChange).toBeCloseTo(((0.86 - 0.9) / 0.9) * 100, 10);
  });

  it('a 10 % Fatigue set aims at the best concentric rep (1.00) and ends below 0.90', () => {
    const view = buildWorkoutView(specSampleReps(), { ...base, target: 'Fatigue', dropValue: 10 });
    expect(view.target).toBe(1);
    expect(view.drop).toBeCloseTo(0.9, 10);
    expect(view.rows.map((r) => r.valid)).toEqual([false, true, true, true, true, true, false]);
    expect(view.rows.map((r) => r.percentChange)).toEqual(
      [-20, 0, -2, -4, -6, -10, -14].map((p) => expect.closeTo(p, 10)),
    );
    expect(view.setComplete).toBe(true);
    expect(view.best).toEqual({ count: 1, value: 1 });
    expect(view.bestChange).toBeCloseTo(-14, 10);
  });

  it('a 5 % Fatigue set on the eccentric phase aims at 0.99 and keeps reps down to 0.9405', () => {
    const view = buildWorkoutView(specSampleReps(), {
      ...base,
      phase: 'eccentric',
      target: 'Fatigue',
      dropValue: 5,
    });
    expect(view.target).toBe(0.99);
    expect(view.drop).toBeCloseTo(0.9405, 10);
    expect(view.rows.map((r) => r.valid)).toEqual([false, true, true, true, false, false, false]);
    expect(view.latest).toBe(0.86);
  });

  it('a Zone of 1.0 with a 0.05 m/s drop keeps 0.95 to 1.00', () => {
    const view = buildWorkoutView(specSampleReps(), {
      ...base,
      target: 'Zone',
      targetValue: 1,
      dropValue: 0.05,
      dropPercent: false,
    });
    expect(view.rows.map((r) => r.valid)).toEqual([false, true, true, true, false, false, false]);
    // Reps below a Zone are invalid, but the set goes on: only Fatigue ends a set.
    expect(view.setComplete).toBe(false);
  });

  it('renumbers when the warmup grows to 3', () => {
    const view = buildWorkoutView(specSampleReps(), { ...base, warmup: 3 });
    expect(view.rows.map((r) => r.label)).toEqual(['W', 'W', 'W', '1', '2', '3', '4']);
    expect(view.counted).toBe(4);
  });

  it('shows nothing to compare before a rep is done', () => {
    const view = buildWorkoutView([], { ...base, target: 'Fatigue' });
    expect(view).toMatchObject({ rows: [], target: null, drop: null, best: null, bestChange: 0, latest: null, counted: 0 });
  });
});
