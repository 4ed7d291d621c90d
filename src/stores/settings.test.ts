import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, setStoragePort } from '../platform/storage';

/** Loads a fresh copy of the settings module, as a page reload would. */
async function reload() {
  vi.resetModules();
  const storageModule = await import('../platform/storage');
  storageModule.setStoragePort(store);
  return import('./settings');
}

let store = createMemoryStorage();

beforeEach(() => {
  store = createMemoryStorage();
  setStoragePort(store);
});

describe('persisted settings', () => {
  it('survive a reload', async () => {
    const first = await reload();
    first.updateSettings({ target: 'Fatigue', dropValue: 12.5, warmup: 2, plates: [1, 0, 2, 0, 1] });
    const second = await reload();
    expect(second.settings.value).toMatchObject({ target: 'Fatigue', dropValue: 12.5, warmup: 2, plates: [1, 0, 2, 0, 1] });
    expect(second.inertia.value).toBe(0.15625);
    expect(second.engineSettings.value).toMatchObject({ inertia: 0.15625, warmup: 2, hz: 200, mass: 85 });
  });

  it('fall back to defaults, and say why, when the stored copy is broken', async () => {
    store.write('repline.settings.v1', '{"warmup": 7}');
    const loaded = await reload();
    expect(loaded.settings.value.warmup).toBe(1);
    expect(loaded.settingsLoadError.value).toBe('Saved settings were reset to defaults: warmup must be one of 1, 2, 3, got 7');
  });

  it('refuse a bad edit and keep the stored copy intact', async () => {
    const loaded = await reload();
    loaded.updateSettings({ mass: 70 });
    expect(() => loaded.updateSettings({ dropPercent: true, dropValue: 150 })).toThrow(/dropValue must be a number from 0 to 100/);
    expect(JSON.parse(store.read('repline.settings.v1') ?? '{}')).toMatchObject({ mass: 70, dropValue: 0 });
  });
});
