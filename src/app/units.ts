/**
 * The one place that builds units, so the shell never names a transport: the Bluetooth button
 * asks for a choice, this module turns it into a `Unit`.
 */
import { createSimulatedUnit, createWebBluetoothUnit, isWebBluetoothAvailable } from '../device';
import type { Unit } from '../device/unit';

export type UnitChoice = 'bluetooth' | 'demo';

export function makeUnit(choice: UnitChoice): Unit {
  return choice === 'demo' ? createSimulatedUnit() : createWebBluetoothUnit();
}

export function webBluetoothAvailable(): boolean {
  return isWebBluetoothAvailable();
}
