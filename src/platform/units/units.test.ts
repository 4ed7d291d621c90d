import { afterEach, describe, expect, it } from 'vitest';
import { createUnitFactory } from '.';

const scope = globalThis as { Capacitor?: unknown };

afterEach(() => {
  delete scope.Capacitor;
});

describe('the unit factory', () => {
  it('makes the Demo unit and the Web Bluetooth unit of a browser', async () => {
    const units = createUnitFactory();
    await units.preload();
    expect((await units.make('demo')).kind).toBe('demo');
    expect((await units.make('bluetooth')).kind).toBe('bluetooth');
  });

  it('offers Bluetooth only where the browser has Web Bluetooth, and always inside the native shell', async () => {
    const units = createUnitFactory();
    expect(await units.bluetoothAvailable()).toBe(typeof navigator !== 'undefined' && 'bluetooth' in navigator);
    scope.Capacitor = { isNativePlatform: () => true };
    expect(await units.bluetoothAvailable()).toBe(true);
  });

  it('makes the Capacitor adapter for "Bluetooth unit" inside the native shell', async () => {
    scope.Capacitor = { isNativePlatform: () => true };
    expect((await createUnitFactory().make('bluetooth')).kind).toBe('native');
  });
});
