/**
 * The device layer's public face: the app imports from here and never from the files behind it.
 *
 *     const unit = isWebBluetoothAvailable() ? createWebBluetoothUnit() : createSimulatedUnit();
 *     unit.on('samples', (s) => engine.push(s));
 *     await unit.connect();
 */

export * from './unit';
export { UnitError, type UnitOperation } from './errors';
export { boostRange, isMotorised } from './protocol/boost';
export { formatFirmware } from './protocol/firmware';
export { encodeSamplePackets, type SampleFormat, type EncodeOptions } from './protocol/samplePacket';
export { synthesizeSet, type SetOptions, type SynthesizedSet, type RepTruth } from './simulation/physics';
export { createSimulatedUnit, type SimulatedUnit, type SimulatedUnitOptions } from './simulation/simulatedUnit';
export type { Scheduler } from './simulation/scheduler';
