/**
 * The one interface the app uses to talk to a training unit (docs/behaviour.md §4 "Connection", §7).
 * Implementations: the Web Bluetooth client, the simulated "Demo unit", and (native shell) the
 * Capacitor Bluetooth adapter. The app never touches `navigator.bluetooth` or a plugin directly.
 *
 * Data flows one way: unit → decoded samples (listeners) → engine → signals → view.
 */

/** docs/behaviour.md §3 unit type enumeration (numeric values, as written to the unit). */
export const UnitType = {
  NONE: 0,
  PLATFORM: 1,
  PORTABLE: 2,
  RACK: 3,
  MOTOR_PLATFORM_LEGACY: 4,
  MOTOR_PLATFORM: 4.1,
  MOTOR_PLATFORM_SAFE: 4.2,
  MOTOR_RACK_LEGACY: 5,
  MOTOR_RACK: 5.1,
  MOTOR_RACK_SAFE: 5.2,
} as const;
export type UnitType = (typeof UnitType)[keyof typeof UnitType];

/** docs/behaviour.md §3 "Device unit data". */
export interface UnitInfo {
  type: UnitType;
  number: number;
  name: string;
}

/** docs/behaviour.md §3 "Firmware version", shown as major.minor.patch. */
export interface FirmwareVersion {
  major: number;
  minor: number;
  patch: number;
}

/** What a successful connect learned about the unit. */
export interface ConnectedUnit {
  /** Stable id of the device (Web Bluetooth device id, or "demo"). */
  id: string;
  /** Device name as advertised (may be empty). */
  deviceName: string;
  firmware: FirmwareVersion;
  info: UnitInfo;
}

/** Decoded raw samples of one notification (or one simulated BLE batch), in arrival order. */
export interface RawSamples {
  /** µs, strictly increasing within and across batches (violators were skipped). */
  timeUs: number[];
  /** degrees, zero at the calibration point (rope pulled straight out). */
  angleDeg: number[];
  /** The unit's clock jumped or restarted just before these samples (see SampleStream): a break, like a reconnect. */
  afterBreak?: true;
}

/** A packet or sample that was skipped (docs/behaviour.md §8: jitter is logged as a warning and skipped). */
export interface SampleWarning {
  /** A skip, or 'clock-break': the unit's clock jumped or restarted and the samples carry on after a break. */
  kind: 'bad-length' | 'non-finite' | 'time-not-increasing' | 'time-jump' | 'clock-break';
  message: string;
}

export type DisconnectReason = 'user' | 'device';

export interface UnitEvents {
  samples: (samples: RawSamples) => void;
  warning: (warning: SampleWarning) => void;
  disconnected: (reason: DisconnectReason) => void;
}

export interface Unit {
  /** What the user connected: a Bluetooth unit, the demo, or the native adapter. */
  readonly kind: 'bluetooth' | 'demo' | 'native';
  /** Requests (user gesture) and connects, then runs the docs/behaviour.md §4 connect sequence. */
  connect(): Promise<ConnectedUnit>;
  /**
   * After a device-side drop (`disconnected` with reason 'device'): connects the SAME unit again
   * without a user gesture and re-runs the connect sequence minus the device request. Samples
   * carry on the same timeline: times keep increasing across the drop and none is delivered
   * twice. Rejects with a UnitError 'Connect' when the unit cannot be reached (the caller retries)
   * or there is no dropped unit to reconnect. Optional: a transport without it never reconnects.
   */
  reconnect?(): Promise<ConnectedUnit>;
  /**
   * User-initiated disconnect; emits `disconnected` with reason 'user'. After a device-side drop
   * it also gives up the dropped unit (no reconnect possible), emitting 'user' as well.
   */
  disconnect(): Promise<void>;
  calibrate(): Promise<void>;
  setMotor(on: boolean): Promise<void>;
  windup(): Promise<void>;
  /** Refuses a percent outside the unit's boost range (docs/behaviour.md §5) with a clear error. */
  setBoost(percent: number): Promise<void>;
  readUnitInfo(): Promise<UnitInfo>;
  writeUnitInfo(info: UnitInfo): Promise<void>;
  /** Subscribes; returns the unsubscribe function. */
  on<E extends keyof UnitEvents>(event: E, listener: UnitEvents[E]): () => void;
}
