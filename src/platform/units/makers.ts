/**
 * What the shell needs to make a unit, in one lazy chunk (see units.ts): the Demo unit and the
 * Web Bluetooth transport. Component tests replace this module with in-memory fakes
 * (`testing/deviceMock.ts`).
 */
export { createSimulatedUnit } from '../device';
export { createWebBluetoothUnit, isWebBluetoothAvailable } from '../platform/bluetooth';
