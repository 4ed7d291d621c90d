/**
 * The unit factory of the browser and the native shell. How units are made (the Demo unit's
 * physics, the Web Bluetooth client and the choice of the native adapter, about 7 kB gzip,
 * `makers.ts`) is not in the start-up bundle: it loads on the first call, once per factory.
 */
import type { UnitFactory } from './port';

export type { UnitChoice, UnitFactory } from './port';

export function createUnitFactory(): UnitFactory {
  let makers: Promise<typeof import('./makers')> | null = null;
  const load = () => (makers ??= import('./makers'));
  return {
    preload: async () => void (await load()),
    make: async (choice) => (await load()).makeUnit(choice),
    bluetoothAvailable: async () => (await load()).bluetoothAvailable(),
  };
}
