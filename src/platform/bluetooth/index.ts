/**
 * The Bluetooth port: the unit over Web Bluetooth in a browser (`webBluetoothUnit.ts`) and over
 * the Capacitor plugin inside the native shell (`capacitorBleUnit.ts`, built by
 * `nativeBluetooth.ts` and loaded only there). Both implement the device layer's `Unit`; the
 * test doubles of the radio are in `testing/`.
 */
import type { Unit } from '../../device/unit';
import type { BluetoothLike } from './bluetoothSurface';
import { WebBluetoothUnit } from './webBluetoothUnit';

function navigatorBluetooth(): BluetoothLike | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { bluetooth?: Bluetooth }).bluetooth;
}

/** True when this browser exposes Web Bluetooth (Chrome/Edge over https or localhost). */
export function isWebBluetoothAvailable(): boolean {
  return navigatorBluetooth() !== undefined;
}

/**
 * The unit over Web Bluetooth. `bluetooth` defaults to `navigator.bluetooth`; when there is none,
 * `connect()` rejects with `ErrorUseBluetoothApiReplineInit`.
 */
export function createWebBluetoothUnit(bluetooth?: Bluetooth): Unit {
  return new WebBluetoothUnit(bluetooth ?? navigatorBluetooth());
}
