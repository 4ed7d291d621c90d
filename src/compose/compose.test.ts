import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../platform/storage';
import { DEFAULT_SETTINGS } from '../rules/settingsModel';
import { SETTINGS_KEY } from '../stores';
import { composeTestApp } from './testing/testApp';
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

describe('each app', () => {
  it('has stores of its own, its settings loaded from its own storage', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stored = createMemoryStorage({ [SETTINGS_KEY]: JSON.stringify({ ...DEFAULT_SETTINGS, mass: 70 }) });
    const one = composeTestApp({ storage: () => stored });
    const other = composeTestApp();
    try {
      one.stores.alerts.showError('only in the first app');
      one.stores.workoutHints.promptForInertia(0);
      expect(one.stores.settings.current.value.mass).toBe(70);
      expect(other.stores.settings.current.value.mass).toBe(DEFAULT_SETTINGS.mass);
      expect(other.stores.alerts.errors.value).toEqual([]);
      expect(other.stores.workoutHints.workoutDialog.value).toBeNull();
    } finally {
      // What each app loads after start-up is in before the test ends.
      await vi.dynamicImportSettled();
      one.dispose();
      other.dispose();
      vi.restoreAllMocks();
    }
  });
});
