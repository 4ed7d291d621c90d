/**
 * The connection as the screens see it: which unit is connected (or connecting, or being
 * reconnected), what it told about itself, the boost it runs, and whether the Calibrate modal is
 * open. Only the link service (`link/connection.ts`) changes these; views read them.
 */
import { signal } from '@preact/signals-react';
import type { ConnectedUnit, FirmwareVersion, Unit, UnitInfo } from '../device/unit';

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
/** The unit's boost, %; the connect sequence sets it to 0 on the unit. */
export const boostPercent = signal(0);
export const calibrateOpen = signal(false);

/** The Demo unit's extra controls: start a set, follow the plates. */
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
