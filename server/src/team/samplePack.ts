/**
 * A chunk's samples as the server stores them (the `samples` bytea of `chunks`): packed without
 * losing a bit, in about a third of their 16 bytes per sample (bench/server.bench.ts measures it
 * on real recordings).
 *
 * Layout: one byte of format (1), then the raw DEFLATE (RFC 1951, node:zlib) of the times' and
 * then the angles' IEEE 754 doubles, little-endian, each series transformed so that DEFLATE finds
 * its repetitions: every value XORed with the one before it (neighbouring samples share sign,
 * exponent and leading mantissa bits, which become zero bytes), then the bytes shuffled so that
 * all values' first bytes come first, then all second bytes, and so on (the zero bytes line up in
 * long runs). Both steps are their own inverse's mirror and touch only bits, so NaN payloads, −0
 * and infinities come back exactly.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

const FORMAT = 1;

/** The packed bytes of one chunk's times and angles (equal lengths). */
export function packSamples(timeUs: Float64Array, angleDeg: Float64Array): Uint8Array {
  if (timeUs.length !== angleDeg.length) throw new Error(`a chunk pairs each time with an angle, got ${timeUs.length} times and ${angleDeg.length} angles`);
  const n = timeUs.length;
  const plain = new Uint8Array(16 * n);
  plain.set(transform(timeUs), 0);
  plain.set(transform(angleDeg), 8 * n);
  const body = deflateRawSync(plain, { level: 6 });
  const out = new Uint8Array(1 + body.length);
  out[0] = FORMAT;
  out.set(body, 1);
  return out;
}

/** The times and angles `packSamples` packed; throws a clear Error for bytes it did not make. */
export function unpackSamples(packed: Uint8Array): { timeUs: Float64Array; angleDeg: Float64Array } {
  if (packed[0] !== FORMAT) throw new Error(`stored samples of format ${String(packed[0])}, not ${FORMAT}`);
  const plain = new Uint8Array(inflateRawSync(packed.subarray(1)));
  if (plain.length % 16 !== 0) throw new Error(`stored samples of ${plain.length} bytes are not pairs of 8-byte numbers`);
  const n = plain.length / 16;
  return { timeUs: untransform(plain.subarray(0, 8 * n), n), angleDeg: untransform(plain.subarray(8 * n), n) };
}

/**
 * The values' bytes (read in place, never through a number, which could quieten a NaN; the host
 * is little-endian, as every platform Node runs on), each value XORed with the previous one, shuffled by byte position. */
function transform(values: Float64Array): Uint8Array {
  const n = values.length;
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const out = new Uint8Array(8 * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 8; k++) out[k * n + i] = bytes[8 * i + k]! ^ (i > 0 ? bytes[8 * (i - 1) + k]! : 0);
  }
  return out;
}

function untransform(shuffled: Uint8Array, n: number): Float64Array {
  const bytes = new Uint8Array(8 * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 8; k++) bytes[8 * i + k] = shuffled[k * n + i]! ^ (i > 0 ? bytes[8 * (i - 1) + k]! : 0);
  }
  return new Float64Array(bytes.buffer);
}
