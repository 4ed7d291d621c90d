/**
 * How units are made, in one lazy chunk that the unit factory (`index.ts`) loads: the Demo unit,
 * the Web Bluetooth transport, and inside the native shell the Capacitor adapter (loaded only
 * there).
 */
import { createSimulatedUnit, type Unit } from '../../device';
import { createWebBluetoothUnit, isWebBluetoothAvailable } from '../bluetooth';
import { isNativePlatform } from '../runtime';
import type { UnitChoice } from './port';

export async function makeUnit(choice: UnitChoice): Promise<Unit> {
  if (choice === 'demo') return createSimulatedUnit();
  if (isNativePlatform()) return (await import('../bluetooth/nativeBluetooth')).createNativeBluetoothUnit();
  return createWebBluetoothUnit();
}

export function bluetoothAvailable(): boolean {
  return isNativePlatform() || isWebBluetoothAvailable();
}
