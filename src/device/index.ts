/**
 * The device layer's public face: the app imports from here and never from the files behind it.
 *
 *     const unit = isWebBluetoothAvailable() ? createWebBluetoothUnit() : createSimulatedUnit();
 *     unit.on('samples', (s) => engine.push(s));
 *     await unit.connect();
 */
import type { BluetoothLike } from './bluetoothSurface';
import { WebBluetoothUnit } from './webBluetoothUnit';
import type { Unit } from './unit';

export * from './unit';
export { UnitError, type UnitOperation } from './errors';
export { boostRange, isMotorised } from './protocol/boost';
export { formatFirmware } from './protocol/firmware';
export { encodeSamplePackets, type SampleFormat, type EncodeOptions } from './protocol/samplePacket';
export { synthesizeSet, type SetOptions, type SynthesizedSet, type RepTruth } from './simulation/physics';
export { createSimulatedUnit, type SimulatedUnit, type SimulatedUnitOptions } from './simulation/simulatedUnit';
export type { Scheduler } from './simulation/scheduler';

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
