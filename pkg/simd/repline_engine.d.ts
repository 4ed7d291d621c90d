/* tslint:disable */
/* eslint-disable */

/**
 * A debug CSV read from its bytes ([`crate::debug_csv`]), for the app's import and the batch
 * command: the caller writes each piece of the file at [`DebugCsvReader::input`] (in wasm
 * memory, as a push's samples are written), calls [`DebugCsvReader::push`], and takes the
 * columns as they fill ([`DebugCsvReader::take`]), so a file of hours never has to be one
 * buffer on either side. A refusal leaves its sentence, row and column in the getters.
 */
export class DebugCsvReader {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The header's names, as the reader expects them.
     */
    static columns(): string[];
    /**
     * Whether the file fills its angular velocity (0) or acceleration (1) column.
     */
    filled(which: number): boolean;
    /**
     * End of the file; false when it is refused.
     */
    finish(): boolean;
    /**
     * Room in wasm memory for the next piece, `len` bytes: its address, valid until the next
     * call into the module.
     */
    input(len: number): number;
    /**
     * A reader at the start of a file.
     */
    constructor();
    /**
     * Reads the `len` bytes written at [`DebugCsvReader::input`]; false when the file is refused.
     */
    push(len: number): boolean;
    /**
     * Takes the samples read so far: time (µs), angle (°), then the device's angular velocity
     * (rad/s) and acceleration (rad/s²) when the file has them, one after the other.
     */
    take(): Float64Array;
    /**
     * Its column, an index into the header (-1 when the problem is not one cell).
     */
    readonly column: number;
    /**
     * Rows dropped because their time was not after the row before.
     */
    readonly droppedRows: number;
    /**
     * The first of them (0 when none was).
     */
    readonly firstDroppedRow: number;
    /**
     * Samples read and not yet taken.
     */
    readonly held: number;
    /**
     * The file's own sampling step, the median step between the rows kept, µs.
     */
    readonly medianStepUs: number;
    /**
     * Why the file was refused.
     */
    readonly problem: string;
    /**
     * Its row (0 when the problem is not on one).
     */
    readonly row: number;
}

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
     * Address in wasm memory of the last call's header: the f64 numbers of [`Header`], in the
     * order of its layout (the counts of the call's [`Update`] and where its records are).
     */
    readonly header: number;
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
 * The engine's WebAssembly memory, where [`LiveEngine::header`] points.
 */
export function wasmMemory(): any;
