/**
 * JSON for the journal's records, exactly. JSON holds neither binary samples nor every number a
 * record holds, so the log's files (a backup, src/logFile/backup.ts; a database dump of the
 * migration tests, testing/idbDump.ts) tag three kinds of value (and only these):
 * - a Float64Array (a chunk's times and angles) → `{ "$f64": "<base64>" }`, the base64 of its
 *   IEEE 754 doubles, little-endian, every bit kept;
 * - a number JSON has no form for → `{ "$num": "-Infinity" }` (also "Infinity", "NaN", "-0"):
 *   the first load span of a session starts at −∞;
 * - `undefined` inside an array → `{ "$undefined": true }`.
 * Everything else is plain JSON. `encode` and `decode` are each other's inverse.
 */

const CHUNK = 0x8000;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function floatsToBase64(values: Float64Array): string {
  const view = new DataView(new ArrayBuffer(values.length * 8));
  values.forEach((v, i) => view.setFloat64(i * 8, v, true));
  return toBase64(new Uint8Array(view.buffer));
}

function floatsFromBase64(text: string): Float64Array {
  const bytes = fromBase64(text);
  if (bytes.length % 8 !== 0) throw new Error(`binary samples of ${bytes.length} bytes are not whole 8-byte numbers`);
  const view = new DataView(bytes.buffer);
  const out = new Float64Array(bytes.length / 8);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat64(i * 8, true);
  return out;
}

/** A value as plain JSON data (see the module comment). */
export function encode(value: unknown): unknown {
  if (value instanceof Float64Array) return { $f64: floatsToBase64(value) };
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? value : { $num: Object.is(value, -0) ? '-0' : String(value) };
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? { $undefined: true } : encode(item)));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, encode(v)]));
  }
  return value;
}

/** The value `encode` made; throws a clear Error for a tag it cannot read. */
export function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (typeof value !== 'object' || value === null) return value;
  const o = value as Record<string, unknown>;
  if ('$f64' in o) {
    if (typeof o.$f64 !== 'string') throw new Error('binary samples must be base64 text');
    return floatsFromBase64(o.$f64);
  }
  if ('$num' in o) {
    const n = o.$num === '-0' ? -0 : Number(o.$num);
    if (typeof o.$num !== 'string' || (Number.isNaN(n) && o.$num !== 'NaN')) throw new Error(`${String(o.$num)} is not a number`);
    return n;
  }
  if (o.$undefined === true) return undefined;
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, decode(v)]));
}
