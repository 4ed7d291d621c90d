/* tslint:disable */
/* eslint-disable */

/**
 * What the user chose (see [`Settings`]); `new EngineSettings()` holds the defaults.
 */
export class EngineSettings {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The defaults.
     */
    constructor();
    /**
     * Throws the first setting out of range, with its value.
     */
    validate(): void;
    /**
     * Compute α from ω even when the samples carry the device's α.
     */
    calcAngularAcceleration: boolean;
    /**
     * Compute ω from the angle even when the samples carry the device's ω.
     */
    calcAngularVelocity: boolean;
    /**
     * Resampling rate, Hz.
     */
    hz: number;
    /**
     * Flywheel inertia, kg·m².
     */
    inertia: number;
    /**
     * Body mass, kg.
     */
    mass: number;
    /**
     * Shaft radius, m.
     */
    radius: number;
    /**
     * Warmup reps, 1–3: a number, so that 1.5 is refused rather than truncated.
     */
    warmup: number;
}

/**
 * A session, live or whole: push batches, then finish.
 */
export class LiveEngine {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Why the last call was refused.
     */
    error(): string;
    /**
     * End of data: the trailing rep, if any, and the points the filter held (see the header).
     * Returns whether it was accepted (see [`LiveEngine::error`]).
     */
    finish(): boolean;
    /**
     * Room in wasm memory for the next batch, `len` numbers: returns its address, where the
     * caller writes the batch's columns one after the other (see [`LiveEngine::push`]). It
     * stays valid until the next call to any engine (every engine shares it).
     */
    input(len: number): number;
    /**
     * A new session with `settings`; with `points` false the calls count points but keep none.
     */
    constructor(settings: EngineSettings, points: boolean);
    /**
     * Processes the batch written at [`LiveEngine::input`]: `time` times (µs), then `angle`
     * angles (degrees), then, when the device gives them, `omega` angular velocities (rad/s)
     * and `alpha` accelerations (rad/s²); the header says what it produced. Returns whether the
     * batch was accepted: if not, nothing is processed and [`LiveEngine::error`] says why.
     */
    push(time: number, angle: number, omega?: number | null, alpha?: number | null): boolean;
    /**
     * The points produced since they were last taken, when the engine keeps points.
     */
    takePoints(): Points;
    /**
     * Address in wasm memory of the last call's header, eleven f64: the samples it dropped (time
     * not increasing, a value not finite), the points it produced, the reps it closed, the
     * concentric phases it made certain before their reps close, where its records are and how
     * many numbers they hold (the reps then the turns, see the module notes); then what the
     * input stage and the detector set aside ([`Update`]): samples rejected as glitches, wraps
     * undone, dead stops at the sensor's limit and that limit (degrees), rep candidates refused.
     */
    readonly header: number;
}

/**
 * One phase of a rep (see [`PhaseSummary`]).
 */
export class PhaseSummary {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * |mean a|, m/s²
     */
    readonly acceleration: number;
    /**
     * s
     */
    readonly duration: number;
    /**
     * |mean tangential force|, N
     */
    readonly force: number;
    /**
     * |mean linear force|, N
     */
    readonly linearForce: number;
    /**
     * m·(mean body acceleration + g) + |mean tangential force|, N
     */
    readonly netForce: number;
    /**
     * peak |P|, W
     */
    readonly peakPower: number;
    /**
     * peak |v|, m/s
     */
    readonly peakVelocity: number;
    /**
     * |mean power|, W
     */
    readonly power: number;
    /**
     * |mean τ|, N·m
     */
    readonly torque: number;
    /**
     * |mean v|, m/s
     */
    readonly velocity: number;
    /**
     * |ΣP·Δt|, J
     */
    readonly work: number;
}

/**
 * The point columns taken from an engine, one getter per column: each read moves that column
 * out (a second read is empty).
 */
export class Points {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * r" m/s²
     */
    readonly acceleration: Float64Array;
    /**
     * r" Filtered angle, degrees.
     */
    readonly angleDeg: Float64Array;
    /**
     * r" rad/s²
     */
    readonly angularAcceleration: Float64Array;
    /**
     * r" rad/s
     */
    readonly angularVelocity: Float64Array;
    /**
     * r" N
     */
    readonly force: Float64Array;
    /**
     * r" N
     */
    readonly linearForce: Float64Array;
    /**
     * r" N
     */
    readonly netForce: Float64Array;
    /**
     * r" W
     */
    readonly power: Float64Array;
    /**
     * r" Grid time, µs.
     */
    readonly timeUs: Float64Array;
    /**
     * r" N·m
     */
    readonly torque: Float64Array;
    /**
     * r" m/s
     */
    readonly velocity: Float64Array;
}

/**
 * One repetition (see [`Rep`]); indices are the session's grid points, as JavaScript numbers.
 */
export class Rep {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The pull.
     */
    readonly concentric: PhaseSummary;
    /**
     * index − warmup + 1; ≤ 0 is a warmup rep.
     */
    readonly count: number;
    /**
     * The return.
     */
    readonly eccentric: PhaseSummary;
    /**
     * When the return's movement ends, µs on the session's clock.
     */
    readonly endUs: number;
    /**
     * Eccentric end.
     */
    readonly end: number;
    /**
     * 0-based position in the session.
     */
    readonly index: number;
    /**
     * Eccentric / concentric mean power (0 without concentric power).
     */
    readonly meanPowerRatio: number;
    /**
     * Eccentric / concentric peak power (0 without concentric power).
     */
    readonly peakPowerRatio: number;
    /**
     * When the pull's movement starts, µs on the session's clock.
     */
    readonly startUs: number;
    /**
     * Concentric start.
     */
    readonly start: number;
    /**
     * Turning point.
     */
    readonly turn: number;
}

/**
 * A rep's concentric phase, published once its turn is certain (see [`Turn`]); the rep with the
 * same index closes later with the same concentric figures, but for peak power (the peak so far).
 */
export class Turn {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The pull.
     */
    readonly concentric: PhaseSummary;
    /**
     * The count the rep will have (≤ 0: warmup).
     */
    readonly count: number;
    /**
     * The index the rep will have.
     */
    readonly index: number;
    /**
     * When the pull's movement starts, µs on the session's clock.
     */
    readonly startUs: number;
    /**
     * Concentric start.
     */
    readonly start: number;
    /**
     * Turning point.
     */
    readonly turn: number;
}

/**
 * The names of a phase's numbers in the records (see [`LiveEngine::header`]), in order.
 */
export function phaseFields(): string[];

/**
 * The names of a rep's numbers in the records, in order (its phases follow).
 */
export function repFields(): string[];

/**
 * The names of a turn's numbers in the records, in order (its concentric follows).
 */
export function turnFields(): string[];

/**
 * The engine's WebAssembly memory, where [`LiveEngine::header`] points.
 */
export function wasmMemory(): any;
