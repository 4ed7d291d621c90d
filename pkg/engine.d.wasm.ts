/**
 * Typed raw exports of `engine.wasm`, built from `engine-rs/` by `scripts/build-engine.sh`.
 * `engine-rs/src/ffi.rs` documents the call protocol. Pointers and `usize` lengths are i32 byte
 * offsets into `memory` (read them with `>>> 0`); `Handle` is an opaque engine pointer.
 */
type Handle = number;
type Pointer = number;

export const memory: WebAssembly.Memory;

export function engine_settings_error(
  hz: number,
  radius: number,
  inertia: number,
  mass: number,
  calcOmega: number,
  calcAlpha: number,
  warmup: number,
): number;
export function engine_new(
  hz: number,
  radius: number,
  inertia: number,
  mass: number,
  calcOmega: number,
  calcAlpha: number,
  warmup: number,
): Handle;
export function engine_free(h: Handle): void;
export function engine_input(h: Handle, channel: number, len: number): Pointer;
export function engine_push(h: Handle, channels: number): number;
export function engine_finish(h: Handle): number;
export function engine_points_len(h: Handle): number;
export function engine_points_column(h: Handle, field: number): Pointer;
export function engine_reps_len(h: Handle): number;
export function engine_reps(h: Handle): Pointer;
export function engine_skipped(h: Handle): number;
export function engine_rep_stride(): number;
export function engine_point_field_count(): number;
export function engine_error_message_ptr(code: number): Pointer;
export function engine_error_message_len(code: number): number;
export function engine_point_field_name_ptr(i: number): Pointer;
export function engine_point_field_name_len(i: number): number;
export function engine_rep_field_name_ptr(i: number): Pointer;
export function engine_rep_field_name_len(i: number): number;
