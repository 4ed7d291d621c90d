/**
 * The connection as the screens see it: which unit is connected (or connecting, or being
 * reconnected), what it told about itself, the boost it runs, and whether the Calibrate modal is
 * open. Only the link service (`link/link.ts`, `link/resumeLink.ts`) changes these; views read them.
 */
import { signal, type Signal } from '@preact/signals-react';
import type { ConnectedUnit, FirmwareVersion, Unit, UnitInfo } from '../device/unit';

export type ConnectionState =
  | { status: 'disconnected' }
  | { status: 'connecting'; unit: Unit }
  | { status: 'connected'; unit: Unit; device: ConnectedUnit }
  /** The unit dropped the link and is being reconnected; the session stays open. */
  | { status: 'reconnecting'; unit: Unit; device: ConnectedUnit };

export interface ConnectionStore {
  readonly state: Signal<ConnectionState>;
  /** Firmware of the last connected unit; kept after a disconnection for the CSV header. */
  readonly firmware: Signal<FirmwareVersion | null>;
  readonly unitInfo: Signal<UnitInfo | null>;
  /** The unit's boost, %; the connect sequence sets it to 0 on the unit. */
  readonly boostPercent: Signal<number>;
  readonly calibrateOpen: Signal<boolean>;
  /** The connected unit, or null (connecting, reconnecting and disconnected alike). */
  connectedUnit(): Unit | null;
}

export function createConnectionStore(): ConnectionStore {
  const state = signal<ConnectionState>({ status: 'disconnected' });
  return {
    state,
    firmware: signal<FirmwareVersion | null>(null),
    unitInfo: signal<UnitInfo | null>(null),
    boostPercent: signal(0),
    calibrateOpen: signal(false),
    connectedUnit() {
      const now = state.value;
      return now.status === 'connected' ? now.unit : null;
    },
  };
}

/** The Demo unit's extra controls: start a set, follow the plates, hold the set it would start by itself. */
export interface DemoControls {
  startSet(reps?: number): unknown;
  setInertia(kgm2: number): unknown;
  holdAutoSet?(): unknown;
}

export function demoControls(unit: Unit): DemoControls | null {
  const candidate = unit as Partial<DemoControls>;
  return unit.kind === 'demo' && typeof candidate.startSet === 'function' && typeof candidate.setInertia === 'function'
    ? (candidate as DemoControls)
    : null;
}
