/**
 * The unit's GATT layout (docs/behaviour.md §7): one primary service, short id 0x1600, and one characteristic
 * per command. Web Bluetooth and the native plugin both want full 128-bit UUIDs, so the short ids
 * are expanded on the Bluetooth base UUID once, here, and nowhere else.
 */

const BASE_UUID_TAIL = '-0000-1000-8000-00805f9b34fb';
const UUID_128 = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A validated 128-bit lowercase-hex UUID. */
export type Uuid128 = string & { readonly __brand: 'Uuid128' };

/**
 * Returns `value` as a {@link Uuid128}, or throws `Invalid UUID format` (docs/behaviour.md §5) for anything
 * else: upper case, short ids, braces or missing dashes are all refused rather than normalised,
 * so a typo in a table cannot silently address another characteristic.
 */
export function assertUuid128(value: string): Uuid128 {
  if (!UUID_128.test(value)) throw new Error(`Invalid UUID format: "${value}"`);
  return value as Uuid128;
}

/** Expands a 16-bit short id (0x0000–0xffff) on the Bluetooth base UUID. */
export function uuidFromShortId(shortId: number): Uuid128 {
  if (!Number.isInteger(shortId) || shortId < 0 || shortId > 0xffff) {
    throw new RangeError(`A Bluetooth short id is an integer 0x0000–0xffff, got ${shortId}`);
  }
  return assertUuid128(`0000${shortId.toString(16).padStart(4, '0')}${BASE_UUID_TAIL}`);
}

/** The unit's primary service (docs/behaviour.md §7). */
export const SERVICE_UUID = uuidFromShortId(0x1600);

/** docs/behaviour.md §7 characteristic table, by meaning. */
export const CHARACTERISTIC = {
  /** notifications: angle samples (see samplePacket.ts) */
  samples: uuidFromShortId(0x1604),
  /** read: calibrate (rope pulled straight out is angle zero) */
  calibrate: uuidFromShortId(0x1605),
  /** read or write: unit info (see unitInfo.ts) */
  unitInfo: uuidFromShortId(0x1606),
  /** write: motor boost percent as text */
  boost: uuidFromShortId(0x1608),
  /** read: motor on */
  motorOn: uuidFromShortId(0x160a),
  /** read: motor off */
  motorOff: uuidFromShortId(0x160b),
  /** read: windup */
  windup: uuidFromShortId(0x160c),
  /** read: firmware major */
  firmwareMajor: uuidFromShortId(0x1611),
  /** read: firmware minor */
  firmwareMinor: uuidFromShortId(0x1612),
  /** read: firmware patch */
  firmwarePatch: uuidFromShortId(0x1613),
} as const;

export type CharacteristicName = keyof typeof CHARACTERISTIC;

/**
 * Returns a copy of `data` ready to write, or throws `Invalid data` (docs/behaviour.md §5) for an empty
 * buffer: a zero-length write is never a meaningful command to the unit.
 */
export function assertWritable(data: Uint8Array): Uint8Array<ArrayBuffer> {
  if (data.byteLength === 0) throw new Error('Invalid data: a write needs a non-empty buffer');
  return data.slice();
}
