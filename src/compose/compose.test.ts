import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../rules/settingsModel';
import { TARGET_TYPES } from '../rules/target';
import { buildWorkoutView } from '../rules/workoutView';
import { emptyView } from './compose';

describe('the view before the rules load', () => {
  it.each(TARGET_TYPES)('shows for target %s what the rules show without a rep', (target) => {
    for (const repGoal of [null, 8]) {
      const s = { ...DEFAULT_SETTINGS, target, repGoal };
      const { target: _t, drop: _d, ...rules } = buildWorkoutView([], s);
      const { target: _et, drop: _ed, ...empty } = emptyView(repGoal);
      expect(empty).toEqual(rules);
    }
  });
});
