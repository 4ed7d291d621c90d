/**
 * The one place that builds units, so the shell never names a transport. The device module
 * (Web Bluetooth client and demo simulation, ~7 kB gzip) is loaded after the first render, not
 * before it: `preloadDevice` starts the download once the shell is up, so by the time the user
 * presses Connect the promise is settled and the click's user activation is still fresh for
 * `requestDevice`. Inside the native shell, "Bluetooth unit" is the Capacitor adapter, loaded
 * only there.
 */
import type { Unit } from '../device/unit';
import { isNativePlatform } from '../platform/runtime';

export type UnitChoice = 'bluetooth' | 'demo';

let device: Promise<typeof import('./unitMakers')> | null = null;

export function preloadDevice(): Promise<typeof import('./unitMakers')> {
  device ??= import('./unitMakers');
  return device;
}

export async function makeUnit(choice: UnitChoice): Promise<Unit> {
  const d = await preloadDevice();
  if (choice === 'demo') return d.createSimulatedUnit();
  if (isNativePlatform()) return (await import('../platform/bluetooth/nativeBluetooth')).createNativeBluetoothUnit();
  return d.createWebBluetoothUnit();
}

export async function webBluetoothAvailable(): Promise<boolean> {
  return isNativePlatform() || (await preloadDevice()).isWebBluetoothAvailable();
}
