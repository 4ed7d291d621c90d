/**
 * The typed loader of `pkg/engine.wasm`: the raw exports plus the few conversions every call
 * needs (unsigned pointers, strings, fresh views). vite-plugin-wasm instantiates the module in
 * the browser, in vitest (node and happy-dom) and in the Vite-bundled Node CLI alike.
 *
 * The column and rep layouts of types.ts are checked against the names the wasm module exports
 * when this module loads, so a stale `pkg/engine.wasm` fails loudly instead of shifting numbers
 * into the wrong fields. Error messages also come from the module: codes are defined once, in
 * `engine-rs/src/error.rs`.
 */
import * as raw from '../../pkg/engine.wasm';
import { PHASE_FIELDS, POINT_FIELDS } from './types';

export { raw, PHASE_FIELDS, POINT_FIELDS };

export const REP_HEAD_FIELDS = ['index', 'count', 'start', 'turn', 'end'] as const;

/** Bits of `engine_push`'s channel mask (ffi.rs `CHANNEL_OMEGA`, `CHANNEL_ALPHA`). */
export const CHANNEL = { timeUs: 0, angleDeg: 1, angularVelocity: 2, angularAcceleration: 3 } as const;

/** Wasm i32 results that are addresses or lengths, as unsigned numbers. */
export const u32 = (x: number): number => x >>> 0;

/** A fresh Float64Array view (memory growth detaches older ones). */
export function f64View(ptr: number, len: number): Float64Array {
  return new Float64Array(raw.memory.buffer, u32(ptr), len);
}

const utf8 = new TextDecoder();

function text(ptr: number, len: number): string {
  return utf8.decode(new Uint8Array(raw.memory.buffer, u32(ptr), u32(len)));
}

/** The engine's message for error `code`. */
export function errorMessage(code: number): string {
  return text(raw.engine_error_message_ptr(code), raw.engine_error_message_len(code));
}

function checkLayout(): void {
  const points = Array.from({ length: raw.engine_point_field_count() }, (_, i) =>
    text(raw.engine_point_field_name_ptr(i), raw.engine_point_field_name_len(i)),
  );
  const reps = Array.from({ length: raw.engine_rep_stride() }, (_, i) =>
    text(raw.engine_rep_field_name_ptr(i), raw.engine_rep_field_name_len(i)),
  );
  const expectedReps = [
    ...REP_HEAD_FIELDS,
    ...['concentric', 'eccentric'].flatMap((phase) => PHASE_FIELDS.map((f) => `${phase}.${f}`)),
  ];
  if (points.join() !== POINT_FIELDS.join() || reps.join() !== expectedReps.join()) {
    throw new Error(
      `pkg/engine.wasm does not match src/engine/wasm.ts (points: ${points.join()}; reps: ${reps.join()}). Rebuild it with npm run build:engine.`,
    );
  }
}

checkLayout();
