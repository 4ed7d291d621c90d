import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../platform/storage';
import { DEFAULT_SETTINGS } from '../rules/settingsModel';
import { engineSettings, inertia, keepSettings, loadSettings, settings, settingsLoadError, updateSettings } from './settings';

let stop = () => {};

/** What a page load does: the stored settings come back, and changes are kept from then on. */
function load(store: ReturnType<typeof createMemoryStorage>): void {
  stop();
  loadSettings(store);
  stop = keepSettings(() => store, () => null);
}

afterEach(() => {
  stop();
  settings.value = { ...DEFAULT_SETTINGS, plates: [...DEFAULT_SETTINGS.plates] };
  settingsLoadError.value = null;
});

describe('persisted settings', () => {
  it('survive a reload', () => {
    const store = createMemoryStorage();
    load(store);
    const targets = { 'torque.eccentric': { targetValue: 40, dropValue: 12.5, dropPercent: true }, 'power.concentric': { targetValue: 0.9, dropValue: null, dropPercent: true } };
    updateSettings({ target: 'Fatigue', targets, repGoal: 8, warmup: 2, plates: [1, 0, 2, 0, 1] });
    stop();
    settings.value = { ...DEFAULT_SETTINGS };
    load(store);
    expect(settings.value).toMatchObject({ target: 'Fatigue', targets, repGoal: 8, warmup: 2, plates: [1, 0, 2, 0, 1] });
    expect(inertia.value).toBe(0.15625);
    expect(engineSettings.value).toMatchObject({ inertia: 0.15625, warmup: 2, hz: 200, mass: 85 });
  });

  it('fall back to defaults, and say why, when the stored copy is broken', () => {
    const store = createMemoryStorage({ 'repline.settings.v1': '{"warmup": 7}' });
    load(store);
    expect(settings.value.warmup).toBe(1);
    expect(settingsLoadError.value).toBe('Saved settings were reset to defaults: warmup must be one of 1, 2, 3, got 7');
  });

  it('refuse a bad edit and keep the stored copy intact', () => {
    const store = createMemoryStorage();
    load(store);
    updateSettings({ mass: 70 });
    expect(() => updateSettings({ targets: { 'velocity.concentric': { targetValue: 1, dropPercent: true, dropValue: 150 } } })).toThrow(
      /targets.velocity.concentric: dropValue must be a number from 0 to 100/,
    );
    expect(JSON.parse(store.read('repline.settings.v1') ?? '{}')).toMatchObject({ mass: 70, targets: {} });
  });
});
