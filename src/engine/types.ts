/**
 * The engine's TypeScript contract: what callers hand to the metrics engine and what they get
 * back. Both the wasm engine (`src/engine/wasmEngine.ts`) and the plain TypeScript port kept as a
 * test oracle (`src/engine/reference/`) implement it, so a test can run either.
 *
 * Units are in the names: `timeUs` is microseconds, `angleDeg` degrees, angular rates rad/s and
 * rad/s², every derived metric SI (m/s, m/s², N·m, N, W), durations seconds.
 */

/** Engine settings (SPEC §3 "Workout settings"; defaults in {@link DEFAULT_ENGINE_SETTINGS}). */
export interface EngineSettings {
  /** Resampling rate in Hz; the uniform grid step is 1e6 / hz µs. */
  hz: number;
  /** Shaft radius the rope winds on, m. */
  radius: number;
  /** Flywheel moment of inertia, kg·m² (sum of the plates). */
  inertia: number;
  /** Body mass of the athlete, kg (used by linear and net force). */
  mass: number;
  /** Compute ω from the resampled angle instead of interpolating the device's ω. */
  calcAngularVelocity: boolean;
  /** Compute α from the resampled signal instead of interpolating the device's α. */
  calcAngularAcceleration: boolean;
  /** Number of warmup repetitions (1–3); a rep's count is index − warmup + 1. */
  warmup: number;
}

export const DEFAULT_ENGINE_SETTINGS: Readonly<EngineSettings> = Object.freeze({
  hz: 200,
  radius: 0.014,
  inertia: 0,
  mass: 85,
  calcAngularVelocity: false,
  calcAngularAcceleration: true,
  warmup: 1,
});

/**
 * A batch of raw samples as received from the unit or read from a debug CSV.
 * `timeUs` should increase strictly; samples that do not, or that carry non-finite values, are
 * dropped by the engine and counted in `skipped`.
 */
export interface SampleBatch {
  timeUs: Float64Array;
  angleDeg: Float64Array;
  /** Device angular velocity, rad/s (debug CSV import only). */
  angularVelocity?: Float64Array;
  /** Device angular acceleration, rad/s² (debug CSV import only). */
  angularAcceleration?: Float64Array;
}

/** Names of the per-phase mean metrics, in display order. `power` goes beyond SPEC. */
export const METRICS = ['velocity', 'acceleration', 'torque', 'force', 'linearForce', 'netForce', 'power'] as const;
export type Metric = (typeof METRICS)[number];

/**
 * Per-phase summary of one repetition (engine-rs/src/phase.rs defines each figure). Means are
 * of the signed values over the movement, reported as magnitudes: in the eccentric they are
 * the braking torque, force and power. Mean angular acceleration is Δω / duration and mean
 * power the flywheel's change of kinetic energy / duration.
 */
export interface PhaseSummary {
  /** From where the movement starts to where it ends (rest at either end excluded), s. */
  duration: number;
  /** |mean v|, m/s. */
  velocity: number;
  /** |mean a|, m/s². */
  acceleration: number;
  /** |mean τ|, N·m. */
  torque: number;
  /** |mean tangential force τ / r|, N. */
  force: number;
  /** |mean linear force|, N. */
  linearForce: number;
  /** m·(mean body acceleration + g) + |mean tangential force|, N. */
  netForce: number;
  /** |mean τ·ω|, W. */
  power: number;
  /** Peak |v|, m/s. */
  peakVelocity: number;
}

/** One repetition: concentric from `start` to `turn`, eccentric from `turn` to `end`. */
export interface Rep {
  /** 0-based position of the rep in the session. */
  index: number;
  /** index − warmup + 1; ≤ 0 means warmup (shown as W). */
  count: number;
  /** Indices into the session's resampled points (global, from the first point of the session). */
  start: number;
  turn: number;
  end: number;
  concentric: PhaseSummary;
  eccentric: PhaseSummary;
}

/** Resampled, smoothed and derived points, one entry per grid step. */
export interface ProcessedPoints {
  timeUs: Float64Array;
  angleDeg: Float64Array;
  /** rad/s */
  angularVelocity: Float64Array;
  /** rad/s² */
  angularAcceleration: Float64Array;
  /** m/s */
  velocity: Float64Array;
  /** m/s² */
  acceleration: Float64Array;
  /** N·m */
  torque: Float64Array;
  /** N */
  force: Float64Array;
  /** N */
  linearForce: Float64Array;
  /** N */
  netForce: Float64Array;
  /** W */
  power: Float64Array;
}

/** What one call into the engine yields. */
export interface EngineUpdate {
  /** Points produced by this call only (incremental) or the whole session (reprocess). */
  points: ProcessedPoints;
  /** Reps closed by this call only (incremental) or all reps (reprocess). */
  reps: Rep[];
  /** Input samples dropped by this call (time not increasing, non-finite values). */
  skipped: number;
}

/** A live, incremental engine: cost per call proportional to the batch, not the session. */
export interface IncrementalEngine {
  /**
   * Processes a batch: its new points (each 50 ms after its sample: the filter needs the points
   * around it) and the reps it closed. A rep closes when the next pull has travelled 180°, or
   * once the flywheel has stopped for 0.5 s (the set's last rep appears about 0.56 s after the
   * athlete stops, without `finish()`).
   */
  push(batch: SampleBatch): EngineUpdate;
  /** End of data: the points the filter still holds, and a trailing rep whose eccentric phase has come to rest. */
  finish(): EngineUpdate;
  /** Frees the engine's memory; the engine cannot be used afterwards. */
  dispose(): void;
}

/**
 * The columns of {@link ProcessedPoints}, in the order the wasm engine lays them out (the loader
 * checks the wasm's own list against this one at load time).
 */
export const POINT_FIELDS = [
  'timeUs',
  'angleDeg',
  'angularVelocity',
  'angularAcceleration',
  'velocity',
  'acceleration',
  'torque',
  'force',
  'linearForce',
  'netForce',
  'power',
] as const satisfies readonly (keyof ProcessedPoints)[];

/** The numbers of a {@link PhaseSummary}, in wasm order (after index, count, start, turn, end). */
export const PHASE_FIELDS = [
  'duration',
  'velocity',
  'acceleration',
  'torque',
  'force',
  'linearForce',
  'netForce',
  'power',
  'peakVelocity',
] as const satisfies readonly (keyof PhaseSummary)[];
