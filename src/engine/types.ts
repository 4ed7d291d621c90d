/**
 * The engine's TypeScript contract: what callers hand to the metrics engine and what they get
 * back. Both the wasm engine (`src/engine/wasmEngine.ts`) and the test oracle
 * (`src/engine/reference/`) implement it, so a test can run either.
 *
 * Written once, in Rust: the shapes of settings and point columns are the generated classes of
 * `pkg/repline_engine.d.ts` (from `engine-rs/src/bindings.rs`) as plain objects; reps, turns and phase
 * summaries are the interfaces of `./generated/records.ts` (from `engine-rs/src/records.rs`,
 * which documents each field).
 * Units are in the names: `timeUs` is microseconds, `angleDeg` degrees, angular rates rad/s and
 * rad/s², every derived metric SI (m/s, m/s², N·m, N, W), durations seconds.
 */
import type * as generated from '../../pkg/repline_engine';

import type { PhaseSummary, Rep, Turn } from './generated/records';

export type { PhaseSummary, Rep, Turn };

/** The data fields of a generated class (getters and setters), as a plain object type. */
export type Fields<T> = { -readonly [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: T[K] };

/**
 * Engine settings (docs/behaviour.md §3 "Workout settings"): rate (Hz), shaft radius (m), inertia (kg·m²),
 * body mass (kg), the two calc flags and the warmup reps. Defined once, by the engine
 * (`engine-rs/src/bindings.rs`); the defaults are `DEFAULT_ENGINE_SETTINGS` (`./settings`).
 */
export type EngineSettings = Fields<generated.EngineSettings>;

/**
 * A batch of raw samples as received from the unit or read from a debug CSV.
 * `timeUs` should increase strictly (on any clock: the engine takes times relative to the
 * session's first sample and reports them on the same clock); samples that do not, or that carry
 * non-finite values, are dropped by the engine and counted in `skipped`.
 */
export interface SampleBatch {
  timeUs: Float64Array;
  angleDeg: Float64Array;
  /** Device angular velocity, rad/s (debug CSV import only). */
  angularVelocity?: Float64Array;
  /** Device angular acceleration, rad/s² (debug CSV import only). */
  angularAcceleration?: Float64Array;
}

/** Names of the per-phase mean metrics, in display order. `power` goes beyond the product rules. */
export const METRICS = ['velocity', 'acceleration', 'torque', 'force', 'linearForce', 'netForce', 'power'] as const;
export type Metric = (typeof METRICS)[number];

/** Resampled, filtered and derived points, one entry per grid step, one column per quantity. */
export type ProcessedPoints = { [K in keyof Fields<generated.Points>]: Float64Array };

/**
 * What the engine set aside or noticed in a call's samples besides `skipped` (engine-rs/src/input.rs
 * and reps.rs define each), so that a caller can say why a session has fewer reps than expected,
 * or none.
 */
export interface SampleProblems {
  /** Samples rejected as glitches: one, or a burst of up to 4, that no rope could have produced. */
  rejected: number;
  /** Wraps of an angle read modulo 360° that the engine undid (the reps are right only if the session started with the rope out). */
  unwrapped: number;
  /** Times the angle stopped dead at a limit it had stopped at before: the sensor saturates there, and the reps past it are wrong. */
  saturated: number;
  /** That limit, |angle| in degrees (0 while none is known; the latest, not a sum). */
  saturationDeg: number;
  /** Rep candidates refused: a concentric shorter or faster than a rope can make. */
  refused: number;
  /**
   * Gaps in the samples longer than a second (engine-rs/src/input.rs, Clock): every phase stops at
   * one and starts again after it, so a rep the gap cut is not counted.
   */
  gaps: number;
}

/** What one call into the engine yields. */
export interface EngineUpdate {
  /** Reps closed by this call only (incremental) or all reps (reprocess). */
  reps: Rep[];
  /** Concentric phases whose turn this call made certain (incremental), or all of them (reprocess). */
  turns: Turn[];
  /** Input samples dropped by this call (time not increasing, non-finite values). */
  skipped: number;
  /** Grid points produced by this call (kept in `points` only when asked for). */
  pointCount: number;
  /** What this call (or the session, for reprocess) set aside besides `skipped`; absent from engines that do not count it. */
  problems?: SampleProblems;
}

/** An update of an engine asked for its points. */
export interface EngineUpdateWithPoints extends EngineUpdate {
  points: ProcessedPoints;
}

/** What a caller asks of an engine besides reps: the point columns (the chart and exports need them; the live session and the batch command do not). */
export interface EngineOptions {
  points?: boolean;
}

/** A live, incremental engine: cost per call proportional to the batch, not the session. */
export interface IncrementalEngine<U extends EngineUpdate = EngineUpdate> {
  /**
   * Processes a batch: its new points (each 50 ms after its sample: the filter needs the points
   * around it) and the reps it closed. A rep closes when the next pull has travelled 180°, or
   * once the flywheel has stopped for 0.5 s (the set's last rep appears about 0.56 s after the
   * athlete stops, without `finish()`).
   */
  push(batch: SampleBatch): U;
  /** End of data: the points the filter still holds, and a trailing rep whose eccentric phase has come to rest. */
  finish(): U;
  /** Frees the engine's memory; the engine cannot be used afterwards. */
  dispose(): void;
}
