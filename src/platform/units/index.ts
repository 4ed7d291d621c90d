/**
 * The unit factory of the browser and the native shell. What makes units (the Demo unit's
 * physics and the Web Bluetooth client, about 7 kB gzip, `makers.ts`) is not in the start-up
 * bundle: it loads on `preload`, once per factory. Inside the native shell "Bluetooth unit" is
 * the Capacitor adapter, loaded only there.
 */
import type { Unit } from '../../device';
import { isNativePlatform } from '../runtime';
import type { UnitChoice, UnitFactory } from './port';

export type { UnitChoice, UnitFactory } from './port';

export function createUnitFactory(): UnitFactory {
  let makers: Promise<typeof import('./makers')> | null = null;
  const loadMakers = () => (makers ??= import('./makers'));
  return {
    async preload() {
      await loadMakers();
    },
    async make(choice: UnitChoice): Promise<Unit> {
      const m = await loadMakers();
      if (choice === 'demo') return m.createSimulatedUnit();
      if (isNativePlatform()) return (await import('../bluetooth/nativeBluetooth')).createNativeBluetoothUnit();
      return m.createWebBluetoothUnit();
    },
    async bluetoothAvailable() {
      return isNativePlatform() || (await loadMakers()).isWebBluetoothAvailable();
    },
  };
}
