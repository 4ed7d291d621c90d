/**
 * Unit info on 0x1606 (docs/behaviour.md §3, §7). The two directions differ on the wire:
 * - write: JSON text (UTF-8) `{"unitType":5.1,"unitNumber":1,"unitName":"Repline Demo"}`;
 * - read: dash-separated text `type-number-name`, e.g. `5.1-1-Repline Demo`.
 *
 * Decisions where the product rules are silent:
 * - The name may itself contain dashes, so only the first two dashes separate fields and the
 *   rest is the name. Surrounding whitespace and trailing NULs (fixed-size firmware buffers) are
 *   trimmed. An empty name reads as the default name "Repline".
 * - The type must be one of the docs/behaviour.md §3 values, the number a whole number ≥ 0; anything else is
 *   an Error (the connect sequence then falls back to the defaults, docs/behaviour.md §8).
 * - In the written JSON, type and number are JSON numbers and the name a JSON string. Writing
 *   refuses an unknown type, a number that is not a whole number ≥ 0, an empty name, and a
 *   payload over 512 bytes (the largest attribute value BLE allows).
 */
import { UnitType, type UnitInfo } from '../unit';

export const DEFAULT_UNIT_NAME = 'Repline';
export const DEFAULT_UNIT_INFO: Readonly<UnitInfo> = Object.freeze({ type: UnitType.NONE, number: 0, name: DEFAULT_UNIT_NAME });

const MAX_ATTRIBUTE_BYTES = 512;
const UNIT_TYPES: readonly number[] = Object.values(UnitType);

/** Narrows a number to a docs/behaviour.md §3 unit type, or undefined. */
export function toUnitType(value: number): UnitType | undefined {
  return UNIT_TYPES.includes(value) ? (value as UnitType) : undefined;
}

/** Parses the text read from 0x1606. */
export function parseUnitInfo(bytes: DataView | Uint8Array): UnitInfo {
  const u8 = bytes instanceof DataView ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(u8).replace(/\0+$/, '').trim();
  } catch (error) {
    throw new Error(`Unit info is not valid UTF-8 text (${u8.byteLength} bytes)`, { cause: error });
  }
  const first = text.indexOf('-');
  const second = first < 0 ? -1 : text.indexOf('-', first + 1);
  if (first <= 0 || second < 0) {
    throw new Error(`Unit info should read "type-number-name", got "${text}"`);
  }
  const typeText = text.slice(0, first);
  const numberText = text.slice(first + 1, second);
  const type = /^\d+(\.\d+)?$/.test(typeText) ? toUnitType(Number(typeText)) : undefined;
  if (type === undefined) throw new Error(`Unit info has an unknown unit type "${typeText}" in "${text}"`);
  if (!/^\d+$/.test(numberText) || !Number.isSafeInteger(Number(numberText))) {
    throw new Error(`Unit info has an invalid unit number "${numberText}" in "${text}"`);
  }
  const name = text.slice(second + 1).trim();
  return { type, number: Number(numberText), name: name === '' ? DEFAULT_UNIT_NAME : name };
}

/** Encodes unit info for a write to 0x1606, refusing values the unit could not store. */
export function encodeUnitInfo(info: UnitInfo): Uint8Array {
  if (toUnitType(info.type) === undefined) {
    throw new Error(`Unknown unit type ${info.type}: expected one of ${UNIT_TYPES.join(', ')}`);
  }
  if (!Number.isSafeInteger(info.number) || info.number < 0) {
    throw new Error(`Unit number must be a whole number ≥ 0, got ${info.number}`);
  }
  if (typeof info.name !== 'string' || info.name.trim() === '') {
    throw new Error('Unit name must not be empty');
  }
  const bytes = new TextEncoder().encode(JSON.stringify({ unitType: info.type, unitNumber: info.number, unitName: info.name }));
  if (bytes.byteLength > MAX_ATTRIBUTE_BYTES) {
    throw new Error(`Unit info is ${bytes.byteLength} bytes once encoded; at most ${MAX_ATTRIBUTE_BYTES} fit the unit`);
  }
  return bytes;
}
