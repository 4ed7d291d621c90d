import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../platform/storage';
import { createSettingsStore, SETTINGS_KEY, type SettingsStore } from './settings';

let stop: () => void;
beforeEach(() => {
  stop = () => {};
});
afterEach(() => stop());

/** What a page load does: a new store, the stored settings back in it, and changes kept from then on. */
function load(store: ReturnType<typeof createMemoryStorage>): SettingsStore {
  stop();
  const settings = createSettingsStore();
  settings.load(store);
  stop = settings.keep(() => store, () => null);
  return settings;
}

describe('persisted settings', () => {
  it('survive a reload', () => {
    const store = createMemoryStorage();
    const before = load(store);
    const targets = { 'torque.eccentric': { targetValue: 40, dropValue: 12.5, dropPercent: true }, 'power.concentric': { targetValue: 0.9, dropValue: null, dropPercent: true } };
    before.update({ target: 'Fatigue', targets, repGoal: 8, warmup: 2, plates: [1, 0, 2, 0, 1] });
    const after = load(store);
    expect(after.current.value).toMatchObject({ target: 'Fatigue', targets, repGoal: 8, warmup: 2, plates: [1, 0, 2, 0, 1] });
    expect(after.inertia.value).toBe(0.15625);
    expect(after.engine.value).toMatchObject({ inertia: 0.15625, warmup: 2, hz: 200, mass: 85 });
  });

  it('fall back to defaults, and say why, when the stored copy is broken', () => {
    const settings = load(createMemoryStorage({ [SETTINGS_KEY]: '{"warmup": 7}' }));
    expect(settings.current.value.warmup).toBe(1);
    expect(settings.loadError.value).toBe('Saved settings were reset to defaults: warmup must be one of 1, 2, 3, got 7');
  });

  it('refuse a bad edit and keep the stored copy intact', () => {
    const store = createMemoryStorage();
    const settings = load(store);
    settings.update({ mass: 70 });
    expect(() => settings.update({ targets: { 'velocity.concentric': { targetValue: 1, dropPercent: true, dropValue: 150 } } })).toThrow(
      /targets.velocity.concentric: dropValue must be a number from 0 to 100/,
    );
    expect(JSON.parse(store.read(SETTINGS_KEY) ?? '{}')).toMatchObject({ mass: 70, targets: {} });
  });

  it('say once, when storage fails, that they will not outlive the visit', () => {
    const store = createMemoryStorage();
    let problem: string | null = null;
    const settings = createSettingsStore();
    stop = settings.keep(() => store, () => problem);
    expect(settings.notKept.value).toBeNull();
    problem = "this browser's storage for the site is full";
    settings.update({ mass: 70 });
    expect(settings.notKept.value).toBe("Settings will not be kept after this visit: this browser's storage for the site is full. The workout works as usual.");
  });

  it('are separate for each store: one app never sees another’s', () => {
    const one = createSettingsStore();
    const other = createSettingsStore();
    one.update({ mass: 70 });
    expect(other.current.value.mass).toBe(85);
  });
});
