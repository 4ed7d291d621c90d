/**
 * Connection state (SPEC §4 "Connection") as signals, and the actions that move it: connect,
 * calibrate or cancel, disconnect, boost and unit-info writes. The unit instance is passed in,
 * so this layer never knows whether it talks to Bluetooth, the demo or a test double.
 *
 * A device-side drop of a unit that can reconnect (Unit.reconnect) keeps the session open: the
 * state is 'reconnecting' while the reconnect policy retries (linkRecovery.ts), the live session
 * marks the break, and on success the same session carries on. Only a user disconnect, or a drop
 * of a unit that cannot reconnect, ends the session.
 */
import { batch, effect, signal } from '@preact/signals-react';
import type { ConnectedUnit, DisconnectReason, FirmwareVersion, Unit, UnitInfo } from '../device/unit';
import { loadEngine } from '../engine/lazy';
import { showError } from '../stores/alerts';
import { inertia } from '../stores/settings';
import type { LiveSession } from '../workout/liveSession';
import type { ReconnectableUnit, Reconnector } from './reconnector';
import type { Recorder } from '../journal/recorder';
import { reviewing } from '../stores/workoutHints';

export type ConnectionState =
  | { status: 'disconnected' }
  | { status: 'connecting'; unit: Unit }
  | { status: 'connected'; unit: Unit; device: ConnectedUnit }
  /** The unit dropped the link and is being reconnected; the session stays open. */
  | { status: 'reconnecting'; unit: Unit; device: ConnectedUnit };

export const connection = signal<ConnectionState>({ status: 'disconnected' });
/** Firmware of the last connected unit; kept after a disconnection for the CSV header. */
export const firmware = signal<FirmwareVersion | null>(null);
export const unitInfo = signal<UnitInfo | null>(null);
/** SPEC §3 device setting; the connect sequence sets it to 0 on the unit. */
export const boostPercent = signal(0);
export const calibrateOpen = signal(false);
/** The reconnect attempts of the connected unit (null when it cannot reconnect or none is connected). */
export const reconnector = signal<Reconnector | null>(null);

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
let recorder: Recorder | null = null;

/** Hands the connection layer the live session that streams from connected units. */
export function bindLiveSession(live: LiveSession): void {
  session = live;
}

/** Hands the connection layer the journal's recorder (none when storage is unavailable). */
export function bindRecorder(r: Recorder | null): void {
  recorder = r;
}

function onDisconnected(unit: Unit, reason: DisconnectReason): void {
  const state = connection.peek();
  if (state.status === 'disconnected' || state.unit !== unit) return;
  const link = reconnector.peek();
  if (reason === 'device' && link !== null && state.status === 'connected') {
    session?.interrupt();
    connection.value = { status: 'reconnecting', unit, device: state.device };
    link.disconnected('device');
    return;
  }
  if (reason === 'device' && state.status === 'reconnecting') return;
  link?.disconnected(reason);
  link?.dispose();
  session?.detach();
  void recorder?.end();
  batch(() => {
    reconnector.value = null;
    connection.value = { status: 'disconnected' };
    calibrateOpen.value = false;
  });
  if (reason === 'device') showError('The unit disconnected. Your reps stay on screen; connect again to start a new set.');
}

/** SPEC §4: connects, learns firmware and unit info, boost is 0, then the Calibrate modal opens. */
export async function connectUnit(unit: Unit): Promise<void> {
  // The samples go straight into the engine, which loads after start-up.
  await loadEngine();
  if (connection.peek().status !== 'disconnected') throw new Error('A unit is already connected: disconnect it first');
  connection.value = { status: 'connecting', unit };
  const offDisconnected = unit.on('disconnected', (reason) => onDisconnected(unit, reason));
  const continueSession = recorder?.connecting() ?? false;
  if (!continueSession) reviewing.value = null;
  session?.attach(unit, { continueSession });
  try {
    // The reconnect code loads with the first unit that can reconnect, not with the Workout screen.
    const linkCode = unit.reconnect ? import('./reconnection') : null;
    const device = await unit.connect();
    const link = linkCode && (await linkCode).reconnectorFor(unit as ReconnectableUnit, session);
    batch(() => {
      connection.value = { status: 'connected', unit, device };
      firmware.value = device.firmware;
      unitInfo.value = device.info;
      boostPercent.value = 0;
      calibrateOpen.value = true;
      reconnector.value = link;
    });
    recorder?.connected({ unit, device });
  } catch (error) {
    offDisconnected();
    session?.detach();
    recorder?.connectFailed();
    connection.value = { status: 'disconnected' };
    throw error;
  }
}

/**
 * Reset (SPEC §2, "how is not shown"): the set on screen is cleared; the journal finishes its
 * session and, with a unit at hand, begins the next one.
 */
export function resetSession(): void {
  const state = connection.peek();
  const atHand = state.status === 'connected' || state.status === 'reconnecting' ? { unit: state.unit, device: state.device } : null;
  void recorder?.reset(atHand);
  reviewing.value = null;
  session?.reset();
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
