/**
 * Decoding and encoding of 0x1604 angle-sample notifications (docs/behaviour.md §7), little-endian:
 *
 * | format  | firmware | layout                                                        |
 * |---------|----------|---------------------------------------------------------------|
 * | records | ≥ 6.2    | n × 8 bytes: float32 angle (°) @0, uint32 time (µs) @4        |
 * | legacy  | < 6.2    | exactly 10 bytes: float32 angle (°) @0, 2 bytes @4 (unused),  |
 * |         |          | float32 time (ms, i.e. seconds × 1000) @6                     |
 *
 * Decisions where the product rules are silent:
 * - A legacy packet is exactly 10 bytes (the time field ends there); any other length is bad.
 *   Bytes 4–5 carry nothing the app needs and are written as zeros by the encoder.
 * - A records packet is a non-zero multiple of 8 bytes.
 * - 10 is not a multiple of 8, so when the firmware is unknown (its read failed and fell back to
 *   0.0.0) the format is told from the length ("auto").
 * - Legacy times are converted to whole µs (ms × 1000, rounded). float32 ms keeps ~0.5 ms
 *   resolution after an hour, which the engine's resampling tolerates.
 * - Record times are returned raw (uint32, wrapping every 2^32 µs ≈ 71.6 min); unwrapping needs
 *   the previous packet and is done by sampleStream.ts.
 *
 * Decoding is pure and never throws for any bytes: a bad length is a result, not an exception.
 */
import { Cursor, WriteCursor } from './cursor';

export type SampleFormat = 'records' | 'legacy';
export type DecodeFormat = SampleFormat | 'auto';

export const RECORD_BYTES = 8;
export const LEGACY_BYTES = 10;
export const UINT32_RANGE = 2 ** 32;

export type DecodedPacket =
  | {
      kind: 'samples';
      format: SampleFormat;
      angleDeg: number[];
      /** µs; raw uint32 device clock for records (may wrap), whole µs for legacy. */
      timeUs: number[];
    }
  | { kind: 'bad-length'; byteLength: number; expected: string };

function expectedLength(format: DecodeFormat): string {
  switch (format) {
    case 'records':
      return `a non-zero multiple of ${RECORD_BYTES} bytes (firmware ≥ 6.2)`;
    case 'legacy':
      return `exactly ${LEGACY_BYTES} bytes (firmware < 6.2)`;
    case 'auto':
      return `${LEGACY_BYTES} bytes or a non-zero multiple of ${RECORD_BYTES} bytes`;
  }
}

function formatOf(byteLength: number, format: DecodeFormat): SampleFormat | undefined {
  const recordsFit = byteLength > 0 && byteLength % RECORD_BYTES === 0;
  const legacyFits = byteLength === LEGACY_BYTES;
  if (format === 'records') return recordsFit ? 'records' : undefined;
  if (format === 'legacy') return legacyFits ? 'legacy' : undefined;
  return recordsFit ? 'records' : legacyFits ? 'legacy' : undefined;
}

/** Decodes one notification. Values are returned as sent: finiteness is the stream's concern. */
export function decodeSamplePacket(bytes: DataView, format: DecodeFormat): DecodedPacket {
  const actual = formatOf(bytes.byteLength, format);
  if (actual === undefined) return { kind: 'bad-length', byteLength: bytes.byteLength, expected: expectedLength(format) };
  const cursor = new Cursor(bytes);
  const angleDeg: number[] = [];
  const timeUs: number[] = [];
  if (actual === 'legacy') {
    angleDeg.push(cursor.float32('angle'));
    cursor.skip(2, 'unused');
    timeUs.push(Math.round(cursor.float32('time (ms)') * 1000));
  } else {
    while (cursor.remaining > 0) {
      angleDeg.push(cursor.float32('angle'));
      timeUs.push(cursor.uint32('time (µs)'));
    }
  }
  return { kind: 'samples', format: actual, angleDeg, timeUs };
}

export interface EncodeOptions {
  format?: SampleFormat;
  /** Records per notification (records format only); 5 at 200 Hz is one packet per 25 ms. */
  recordsPerPacket?: number;
}

/**
 * Encodes samples as the unit would notify them: records packets of `recordsPerPacket` samples
 * (the last one may be shorter), or one legacy packet per sample. Times are µs; record times are
 * written modulo 2^32 like the unit's wrapping clock. Used by the simulated unit and by tests.
 */
export function encodeSamplePackets(
  samples: { timeUs: ArrayLike<number>; angleDeg: ArrayLike<number> },
  options: EncodeOptions = {},
): Uint8Array[] {
  const { format = 'records', recordsPerPacket = 5 } = options;
  const n = samples.timeUs.length;
  if (samples.angleDeg.length !== n) {
    throw new Error(`encodeSamplePackets: ${n} times but ${samples.angleDeg.length} angles`);
  }
  if (!Number.isInteger(recordsPerPacket) || recordsPerPacket < 1) {
    throw new RangeError(`encodeSamplePackets: recordsPerPacket must be a positive integer, got ${recordsPerPacket}`);
  }
  for (let i = 0; i < n; i++) {
    const t = samples.timeUs[i]!;
    if (!Number.isInteger(t) || t < 0) {
      throw new RangeError(`encodeSamplePackets: time of sample ${i} must be a whole number of µs ≥ 0, got ${t}`);
    }
  }
  const packets: Uint8Array[] = [];
  if (format === 'legacy') {
    for (let i = 0; i < n; i++) {
      const w = new WriteCursor(LEGACY_BYTES);
      w.float32(samples.angleDeg[i]!);
      w.zeros(2);
      w.float32(samples.timeUs[i]! / 1000);
      packets.push(w.bytes);
    }
    return packets;
  }
  for (let start = 0; start < n; start += recordsPerPacket) {
    const count = Math.min(recordsPerPacket, n - start);
    const w = new WriteCursor(count * RECORD_BYTES);
    for (let i = start; i < start + count; i++) {
      w.float32(samples.angleDeg[i]!);
      w.uint32(samples.timeUs[i]! % UINT32_RANGE);
    }
    packets.push(w.bytes);
  }
  return packets;
}
