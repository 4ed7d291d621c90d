/**
 * What the unit contract suite (unitContract.ts) needs from a test double of the unit behind a
 * transport. The Web Bluetooth double implements it over a fake `navigator.bluetooth`; the native
 * Capacitor adapter's double can implement it over a fake BLE plugin and run the same suite.
 * Characteristics are named by their docs/behaviour.md §7 short ids (0x1604 …).
 */

/** A characteristic operation as the unit received it. */
export interface GattLogEntry {
  op: 'read' | 'write' | 'subscribe';
  characteristic: number;
  /** The written bytes (writes only). */
  data?: Uint8Array;
}

/** What can be made to fail: a characteristic operation, or (short id 0) the GATT connect. */
export type GattOp = GattLogEntry['op'] | 'connect';

export interface PeripheralDouble {
  /** Characteristic operations, in the order the unit received them. */
  readonly log: readonly GattLogEntry[];
  /** The most GATT operations that were ever in flight at the same time. */
  readonly maxInFlight: number;
  /** Whether the unit currently holds a link. */
  readonly connected: boolean;
  /** What reads of `shortId` answer from now on. */
  setReadValue(shortId: number, bytes: Uint8Array): void;
  /** Makes every following `op` on `shortId` fail (optionally with `error`) until healed. */
  fail(op: GattOp, shortId: number, error?: Error): void;
  heal(op: GattOp, shortId: number): void;
  /** The unit notifies `bytes` on 0x1604 (dropped unless notifications were started). */
  notify(bytes: Uint8Array): void;
  /** A 0x1604 notification that reaches the app after the link closed (the stack's last buffer): the unit must ignore it. */
  notifyLate(bytes: Uint8Array): void;
  /** The unit drops the link on its own (out of range, switched off). */
  dropConnection(): void;
  /** The unit drops the link while it handles the next `op` on `shortId` (so that op fails). */
  dropDuring(op: GattOp, shortId: number): void;
}
