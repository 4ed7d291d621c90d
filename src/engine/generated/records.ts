// Generated from engine-rs/src/records.rs by `npm run build:engine` (repline_engine::records::typescript):
// do not edit. The engine writes these records into wasm memory in this order; a native test
// (engine-rs/src/tests/records.rs) fails when this file and the Rust lists disagree.

/**
 * One phase of a rep (`engine-rs/src/phase.rs` defines each figure). Means are of the
 * signed values over the movement, reported as magnitudes: in the eccentric they are the
 * braking torque, force and power. Mean angular acceleration is Δω / duration and mean power
 * the flywheel's change of kinetic energy / duration.
 */
export interface PhaseSummary {
  /** s, from where the movement starts to where it ends */
  duration: number;
  /** |mean v|, m/s */
  velocity: number;
  /** |mean a|, m/s² */
  acceleration: number;
  /** |mean τ|, N·m */
  torque: number;
  /** |mean tangential force|, N */
  force: number;
  /** |mean linear force|, N */
  linearForce: number;
  /** m·(mean body acceleration + g) + |mean tangential force|, N */
  netForce: number;
  /** |mean power|, W */
  power: number;
  /** peak |v|, m/s */
  peakVelocity: number;
  /** peak of the smoothed power in the phase's direction, W */
  peakPower: number;
  /** |ΣP·Δt|, J */
  work: number;
}

/** Numbers in one PhaseSummary record. */
export const PHASE_SUMMARY_LENGTH = 11;

/** The PhaseSummary whose record starts at index `at` of `n`. */
export function readPhaseSummary(n: Float64Array, at: number): PhaseSummary {
  return {
    duration: n[at]!,
    velocity: n[at + 1]!,
    acceleration: n[at + 2]!,
    torque: n[at + 3]!,
    force: n[at + 4]!,
    linearForce: n[at + 5]!,
    netForce: n[at + 6]!,
    power: n[at + 7]!,
    peakVelocity: n[at + 8]!,
    peakPower: n[at + 9]!,
    work: n[at + 10]!,
  };
}

/**
 * One repetition: concentric from `start` to `turn`, eccentric from `turn` to `end` (indices
 * of the session's grid points).
 */
export interface Rep {
  /** 0-based position in the session */
  index: number;
  /** index − warmup + 1; ≤ 0 is a warmup rep */
  count: number;
  /** Concentric start, grid index: the |angle| maximum before the pull */
  start: number;
  /** Turning point, grid index: the |angle| minimum (rope fully out) */
  turn: number;
  /** Eccentric end, grid index: the next |angle| maximum */
  end: number;
  /** When the pull's movement starts, µs on the session's clock */
  startUs: number;
  /** When the return's movement ends, µs on the session's clock */
  endUs: number;
  /** Eccentric / concentric peak power (0 without concentric power) */
  peakPowerRatio: number;
  /** Eccentric / concentric mean power (0 without concentric power) */
  meanPowerRatio: number;
  /** The pull */
  concentric: PhaseSummary;
  /** The return */
  eccentric: PhaseSummary;
}

/** Numbers in one Rep record. */
export const REP_LENGTH = 31;

/** The Rep whose record starts at index `at` of `n`. */
export function readRep(n: Float64Array, at: number): Rep {
  return {
    index: n[at]!,
    count: n[at + 1]!,
    start: n[at + 2]!,
    turn: n[at + 3]!,
    end: n[at + 4]!,
    startUs: n[at + 5]!,
    endUs: n[at + 6]!,
    peakPowerRatio: n[at + 7]!,
    meanPowerRatio: n[at + 8]!,
    concentric: readPhaseSummary(n, at + 9),
    eccentric: readPhaseSummary(n, at + 20),
  };
}

/**
 * A rep's concentric phase, published as soon as its turn is certain (the rope has come back
 * 180° from fully out): the pull's figures one eccentric earlier than the whole rep. The rep
 * with the same index closes later with the same concentric figures, except that its peak
 * power may be higher (the turn's is the peak so far: the smoothed power centred on the
 * pull's last 0.2–0.45 s comes later); a turn whose rep never closes (the data ended
 * mid-return) stays a turn.
 */
export interface Turn {
  /** The index the rep will have */
  index: number;
  /** The count the rep will have (≤ 0: warmup) */
  count: number;
  /** Concentric start, grid index */
  start: number;
  /** Turning point, grid index */
  turn: number;
  /** When the pull's movement starts, µs on the session's clock */
  startUs: number;
  /** The pull */
  concentric: PhaseSummary;
}

/** Numbers in one Turn record. */
export const TURN_LENGTH = 16;

/** The Turn whose record starts at index `at` of `n`. */
export function readTurn(n: Float64Array, at: number): Turn {
  return {
    index: n[at]!,
    count: n[at + 1]!,
    start: n[at + 2]!,
    turn: n[at + 3]!,
    startUs: n[at + 4]!,
    concentric: readPhaseSummary(n, at + 5),
  };
}

/**
 * Where each number of the header is, as indices from its start.
 * The header of a call (see `engine-rs/src/bindings.rs`).
 */
export const HEADER = {
  /** Samples dropped: time not increasing, a value not finite */
  skipped: 0,
  /** Grid points produced */
  pointCount: 1,
  /** Reps closed */
  reps: 2,
  /** Concentric phases made certain before their reps close */
  turns: 3,
  /** Byte address of the records in wasm memory */
  recordsAt: 4,
  /** Numbers in the records */
  recordsLength: 5,
  /** Samples rejected as glitches */
  rejected: 6,
  /** Wraps of an angle read modulo 360° undone */
  unwrapped: 7,
  /** Dead stops at the sensor's limit */
  saturated: 8,
  /** That limit, |angle| in degrees (0 while none is known) */
  saturationDeg: 9,
  /** Rep candidates refused */
  refused: 10,
  /** Gaps in the samples longer than a second, at which every phase stops and starts again */
  gaps: 11,
} as const;

/** Numbers in the header. */
export const HEADER_LENGTH = 12;
