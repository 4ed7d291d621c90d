/**
 * Connection state (SPEC §4 "Connection") as signals, and the actions that move it: connect,
 * calibrate or cancel, disconnect, boost and unit-info writes. The unit instance is passed in,
 * so this layer never knows whether it talks to Bluetooth, the demo or a test double.
 */
import { batch, effect, signal } from '@preact/signals-react';
import type { ConnectedUnit, DisconnectReason, FirmwareVersion, Unit, UnitInfo } from '../device/unit';
import { showError } from './alerts';
import { inertia } from './settings';
import type { LiveSession } from './liveSession';

export type ConnectionState =
  | { status: 'disconnected' }
  | { status: 'connecting'; unit: Unit }
  | { status: 'connected'; unit: Unit; device: ConnectedUnit };

export const connection = signal<ConnectionState>({ status: 'disconnected' });
/** Firmware of the last connected unit; kept after a disconnection for the CSV header. */
export const firmware = signal<FirmwareVersion | null>(null);
export const unitInfo = signal<UnitInfo | null>(null);
/** SPEC §3 device setting; the connect sequence sets it to 0 on the unit. */
export const boostPercent = signal(0);
export const calibrateOpen = signal(false);

/** The demo unit's extra controls (SPEC is silent; see the device issue). */
export interface DemoControls {
  startSet(reps?: number): unknown;
  setInertia(kgm2: number): unknown;
}

export function demoControls(unit: Unit): DemoControls | null {
  const candidate = unit as Partial<DemoControls>;
  return unit.kind === 'demo' && typeof candidate.startSet === 'function' && typeof candidate.setInertia === 'function'
    ? (candidate as DemoControls)
    : null;
}

export function connectedUnit(): Unit | null {
  const state = connection.value;
  return state.status === 'connected' ? state.unit : null;
}

let session: LiveSession | null = null;

/** Hands the connection layer the live session that streams from connected units. */
export function bindLiveSession(live: LiveSession): void {
  session = live;
}

function onDisconnected(unit: Unit, reason: DisconnectReason): void {
  const state = connection.peek();
  if (state.status === 'disconnected' || state.unit !== unit) return;
  session?.detach();
  batch(() => {
    connection.value = { status: 'disconnected' };
    calibrateOpen.value = false;
  });
  if (reason === 'device') showError('The unit disconnected. Your reps stay on screen; connect again to start a new set.');
}

/** SPEC §4: connects, learns firmware and unit info, boost is 0, then the Calibrate modal opens. */
export async function connectUnit(unit: Unit): Promise<void> {
  if (connection.peek().status !== 'disconnected') throw new Error('A unit is already connected: disconnect it first');
  connection.value = { status: 'connecting', unit };
  const offDisconnected = unit.on('disconnected', (reason) => onDisconnected(unit, reason));
  session?.attach(unit);
  try {
    const device = await unit.connect();
    batch(() => {
      connection.value = { status: 'connected', unit, device };
      firmware.value = device.firmware;
      unitInfo.value = device.info;
      boostPercent.value = 0;
      calibrateOpen.value = true;
    });
  } catch (error) {
    offDisconnected();
    session?.detach();
    connection.value = { status: 'disconnected' };
    throw error;
  }
}

/** User-initiated disconnect; the local state is cleared even if the unit does not answer. */
export async function disconnectUnit(): Promise<void> {
  const state = connection.peek();
  if (state.status === 'disconnected') return;
  try {
    await state.unit.disconnect();
  } finally {
    onDisconnected(state.unit, 'user');
  }
}

function requireUnit(): Unit {
  const unit = connectedUnit();
  if (unit === null) throw new Error('No unit is connected');
  return unit;
}

/** Calibrate button: closes the modal once the unit has calibrated (it stays open on failure). */
export async function calibrate(): Promise<void> {
  await requireUnit().calibrate();
  calibrateOpen.value = false;
}

/** Cancel button: closes the modal and disconnects. */
export async function cancelCalibration(): Promise<void> {
  calibrateOpen.value = false;
  await disconnectUnit();
}

/** SPEC §4: boost percent is written to the device whenever it changes. */
export async function saveBoost(percent: number): Promise<void> {
  if (percent === boostPercent.peek()) return;
  await requireUnit().setBoost(percent);
  boostPercent.value = percent;
}

export async function saveUnitInfo(info: UnitInfo): Promise<void> {
  await requireUnit().writeUnitInfo(info);
  unitInfo.value = { ...info };
}

/** Keeps the demo unit's simulated flywheel in step with the plates the user picked. */
effect(() => {
  const state = connection.value;
  const kgm2 = inertia.value;
  if (state.status !== 'connected') return;
  const demo = demoControls(state.unit);
  if (demo) demo.setInertia(kgm2);
});
