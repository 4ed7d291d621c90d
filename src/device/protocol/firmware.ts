/**
 * Firmware version helpers (docs/behaviour.md §3 "Firmware version", §7 0x1611–0x1613). The version decides
 * the 0x1604 sample format: 6.2 introduced the 8-byte record packets.
 *
 * Each version part is read from its own characteristic. The protocol does not give the width; we accept
 * a 1-byte value (uint8, what the unit sends) and, defensively, a 2- or 4-byte little-endian
 * unsigned integer. Any other length is refused, and the connect sequence then falls back to 0
 * (docs/behaviour.md §8). A version of 0.0.0 therefore means "unknown", and the sample decoder then tells the
 * two formats apart by packet length (see samplePacket.ts).
 */
import type { FirmwareVersion } from '../unit';
import { Cursor } from './cursor';

export const UNKNOWN_FIRMWARE: Readonly<FirmwareVersion> = Object.freeze({ major: 0, minor: 0, patch: 0 });

/** "6.2.0", as the app shows it. */
export function formatFirmware(fw: FirmwareVersion): string {
  return `${fw.major}.${fw.minor}.${fw.patch}`;
}

/** True from firmware 6.2 on, which sends repeated 8-byte (angle, time) records. */
export function usesRecordFormat(fw: FirmwareVersion): boolean {
  return fw.major > 6 || (fw.major === 6 && fw.minor >= 2);
}

export function isUnknownFirmware(fw: FirmwareVersion): boolean {
  return fw.major === 0 && fw.minor === 0 && fw.patch === 0;
}

/** Decodes one version part read from 0x1611, 0x1612 or 0x1613. */
export function decodeVersionPart(bytes: DataView, part: 'major' | 'minor' | 'patch'): number {
  const cursor = new Cursor(bytes);
  switch (bytes.byteLength) {
    case 1:
      return cursor.uint8(`firmware ${part}`);
    case 2:
      return cursor.uint16(`firmware ${part}`);
    case 4:
      return cursor.uint32(`firmware ${part}`);
    default:
      throw new Error(`Firmware ${part} should be 1, 2 or 4 bytes, got ${bytes.byteLength}`);
  }
}
