/**
 * The Bluetooth unit inside the native shell: the Capacitor adapter, with the plugin's
 * `BleClient` imported on the first connect, so a browser never downloads it.
 *
 *     const unit = isNativePlatform() ? createNativeBluetoothUnit() : createWebBluetoothUnit();
 */
import { CapacitorBleUnit, type BleClientLike } from './capacitorBleUnit';
import type { Unit } from '../../device/unit';

/** `BleClient` is a plain object, not a plugin Proxy, so it may resolve a promise. */
async function loadBleClient(): Promise<BleClientLike> {
  return (await import('@capacitor-community/bluetooth-le')).BleClient;
}

export function createNativeBluetoothUnit(): Unit {
  return new CapacitorBleUnit(loadBleClient);
}
