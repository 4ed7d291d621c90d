/**
 * What the unit factory (`index.ts`) needs to make a unit, in one lazy chunk: the Demo unit and
 * the Web Bluetooth transport.
 */
export { createSimulatedUnit } from '../../device';
export { createWebBluetoothUnit, isWebBluetoothAvailable } from '../bluetooth';
