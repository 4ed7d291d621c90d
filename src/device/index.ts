/**
 * The device layer's public face. The app imports the device layer from here, or from `unit.ts`
 * (the `Unit` interface, its types and unit type codes, all re-exported here too), never from the
 * protocol or simulation files behind it; `build/checkImports.mjs` holds it to that (see
 * ARCHITECTURE.md). The exceptions: the Bluetooth transports in `platform/bluetooth/`, which
 * implement the protocol and use its parts directly, and tests, which also use the doubles in
 * `testing/`.
 *
 *     const unit = createSimulatedUnit();
 *     unit.on('samples', ({ timeUs, angleDeg }) => console.log(timeUs.length, 'samples, last angle', angleDeg.at(-1)));
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
