/**
 * The reference port's settings rules and pipeline constants, mirroring
 * `engine-rs/src/settings.rs` (where each value's reason is written). Kept separate from the
 * wasm engine on purpose: an oracle that imported the engine's own numbers could not disagree.
 */
import type { EngineSettings } from '../types';

export const GRAVITY = 9.81;
export const HZ_MIN = 1;
export const HZ_MAX = 1000;
export const REST_OMEGA_RAD_S = 0.3;
export const FILTER_HALF_WINDOW_S = 0.05;
export const EDGE_REST_S = 0.15;
export const EDGE_MOVE_S = 0.1;
export const EDGE_HISTORY = 8;
export const MOVE_CONFIRM_DEG = 2;
export const REP_TRAVEL_DEG = 180;
export const REST_CLOSE_S = 0.5;
export const REST_BAND_DEG = 10;
export const MAX_GAP_US = 1_000_000;
export const DEG_TO_RAD = Math.PI / 180;

/** Half-width of the Savitzky–Golay window in grid points at `hz`: FILTER_HALF_WINDOW_S, at least 1. */
export const filterHalfWidth = (hz: number): number => Math.max(1, Math.round(FILTER_HALF_WINDOW_S * hz));

const RULES: [keyof EngineSettings, (v: number) => boolean, string][] = [
  ['hz', (v) => Number.isFinite(v) && v >= HZ_MIN && v <= HZ_MAX, 'hz must be a finite number from 1 to 1000'],
  ['radius', (v) => Number.isFinite(v) && v > 0, 'radius must be a finite number of metres greater than 0'],
  ['inertia', (v) => Number.isFinite(v) && v >= 0, 'inertia must be a finite number of kg·m² at least 0'],
  ['mass', (v) => Number.isFinite(v) && v >= 0, 'mass must be a finite number of kg at least 0'],
  ['warmup', (v) => Number.isInteger(v) && v >= 1 && v <= 3, 'warmup must be 1, 2 or 3 repetitions'],
];

/** Throws for the first setting out of range, naming it and its value. */
export function validateSettings(s: EngineSettings): void {
  for (const [key, ok, message] of RULES) {
    const value = s[key] as number;
    if (!ok(value)) throw new Error(`Invalid engine settings: ${message} (got ${value})`);
  }
}
