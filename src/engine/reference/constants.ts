/**
 * The oracle's copy of the pipeline's constants and settings rules (`engine-rs/src/settings.rs`,
 * where each value's reason is written). Written out here on purpose: an oracle that imported the
 * engine's own numbers could not disagree with them.
 */
import { inRange, rangeRule } from '../ranges';
import type { EngineSettings } from '../types';

export const GRAVITY = 9.81;
export const DEG_TO_RAD = Math.PI / 180;
export const REST_OMEGA_RAD_S = 0.3;
export const STILL_OMEGA_RAD_S = 1e-9;
export const FILTER_HALF_WINDOW_S = 0.05;
export const FILTER_MAX_HALF_WIDTH = 50;
export const PEAK_POWER_HALF_WIDTHS_S = [0.2, 0.45] as const;
export const PEAK_POWER_LONG_PHASE_S = 0.75;
export const PEAK_POWER_RATE_HZ = 50;
/** Largest half-width of a peak-power fit, blocks (window.rs `MAX_HALF_WIDTH`). */
export const PEAK_POWER_MAX_HALF_WIDTH = 34;
export const EDGE_REST_S = 0.15;
export const EDGE_MOVE_S = 0.1;
export const EDGE_HISTORY = 8;
/** Largest window of a change-point fit, points: EDGE_REST_S and EDGE_MOVE_S at 1000 Hz, the filter's largest half-width and 5 (edges.rs `MAX_WINDOW`). */
export const EDGE_MAX_WINDOW = 305;
/** Travel an edge's fit holds (`EDGE_TRAVEL_DEG`): an onset's motion side runs on until the rope has left its rest by this much; a stop's second fit holds the last this much before it ... */
export const EDGE_TRAVEL_DEG = 20;
/** ... and at least this many points of it (`EDGE_STOP_MIN_POINTS`). */
export const EDGE_STOP_MIN_POINTS = 8;
/** A stop's fit with speed is taken when it betters the quadratic's squared error by this many times its own per point (edges.rs `SPEED_FIT_SIGNIFICANCE`). */
export const SPEED_FIT_SIGNIFICANCE = 6;
/** ... and by this share of the squares of the angle's excursion over the window (`SPEED_FIT_FLOOR`). */
export const SPEED_FIT_FLOOR = 1e-6;
export const MOVE_CONFIRM_DEG = 2;
/** A phase's movement travels at least this far in a run: sustained motion (settings.rs `PHASE_MOVE_DEG`, the glitch tolerance). */
export const PHASE_MOVE_DEG = 20;
export const REP_TRAVEL_DEG = 180;
export const REST_CLOSE_S = 0.5;
export const REST_BAND_DEG = 10;
export const MAX_GAP_US = 1_000_000;
export const MAX_SAMPLE_VALUE = 1e12;
export const MIN_STEP_US = 1e-3;
export const MAX_CLOCK_US = 1e17;
export const MAX_ROPE_FORCE_N = 5000;
export const MIN_INERTIA_KG_M2 = 0.005;
export const MAX_ROPE_SPEED_M_S = 6;
/** The largest α a device may report, rad/s²: the hardest pull on the lightest flywheel and the largest shaft (settings.rs `MAX_DEVICE_ALPHA_RAD_S2`). */
export const MAX_DEVICE_ALPHA_RAD_S2 = (MAX_ROPE_FORCE_N * 0.2) / MIN_INERTIA_KG_M2;
export const GLITCH_TOLERANCE_DEG = 20;
export const GLITCH_MAX_BURST = 4;
export const GLITCH_REST_STEP_DEG = 5;
/** A stretch of equal readings entered and left faster than this (°/s), over SATURATION_SPAN_US, is a pinned sensor (settings.rs). */
export const SATURATION_SPEED_DEG_S = 1000;
export const SATURATION_SPAN_US = 10_000;
/** Blocks the power fits lag behind the newest, for the repair of missed counts (window.rs `LAG`). */
export const PEAK_POWER_LAG = 5;
/** Fewest blocks a moving segment needs for any smoothed power: five fix a quartic (window.rs `MIN_SEGMENT`). */
export const PEAK_POWER_MIN_SEGMENT = 5;

/** The largest angular acceleration of a disc on a shaft of `radius` m, rad/s²: the hardest pull on the lightest flywheel (settings.rs `max_angular_acceleration`). */
export const maxAngularAcceleration = (radius: number): number => (MAX_ROPE_FORCE_N * radius) / MIN_INERTIA_KG_M2;
/** The largest angular speed of that disc, rad/s (settings.rs `max_angular_speed`). */
export const maxAngularSpeed = (radius: number): number => MAX_ROPE_SPEED_M_S / radius;

const RULES: [keyof EngineSettings, (v: number) => boolean, string][] = [
  ...(['hz', 'radius', 'inertia', 'mass'] as const).map((key): [keyof EngineSettings, (v: number) => boolean, string] => [key, (v) => inRange(key, v), rangeRule(key)]),
  ['warmup', (v) => Number.isInteger(v) && v >= 1 && v <= 3, 'warmup must be 1, 2 or 3 repetitions'],
];

/** Throws for the first setting out of range, naming it and its value. */
export function validateSettings(s: EngineSettings): void {
  for (const [key, ok, message] of RULES) {
    const value = s[key] as number;
    if (!ok(value)) throw new Error(`Invalid engine settings: ${message} (got ${value})`);
  }
}
