/**
 * A debug CSV read from its bytes ([`crate::debug_csv`]), for the app's import and the batch
 * command: the caller writes each piece of the file at [`DebugCsvReader::input`] (in wasm
 * memory, as a push's samples are written), calls [`DebugCsvReader::push`], and takes the
 * columns as they fill ([`DebugCsvReader::take`]), so a file of hours never has to be one
 * buffer on either side. A refusal leaves its sentence, row and column in the getters.
 */
export class DebugCsvReader {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        DebugCsvReaderFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_debugcsvreader_free(ptr, 0);
    }
    /**
     * Its column, an index into the header (-1 when the problem is not one cell).
     * @returns {number}
     */
    get column() {
        const ret = wasm.debugcsvreader_column(this.__wbg_ptr);
        return ret;
    }
    /**
     * The header's names, as the reader expects them.
     * @returns {string[]}
     */
    static columns() {
        const ret = wasm.debugcsvreader_columns();
        var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
        wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
        return v1;
    }
    /**
     * Rows dropped because their time was not after the row before.
     * @returns {number}
     */
    get droppedRows() {
        const ret = wasm.debugcsvreader_droppedRows(this.__wbg_ptr);
        return ret;
    }
    /**
     * Whether the file fills its angular velocity (0) or acceleration (1) column.
     * @param {number} which
     * @returns {boolean}
     */
    filled(which) {
        const ret = wasm.debugcsvreader_filled(this.__wbg_ptr, which);
        return ret !== 0;
    }
    /**
     * End of the file; false when it is refused.
     * @returns {boolean}
     */
    finish() {
        const ret = wasm.debugcsvreader_finish(this.__wbg_ptr);
        return ret !== 0;
    }
    /**
     * The first of them (0 when none was).
     * @returns {number}
     */
    get firstDroppedRow() {
        const ret = wasm.debugcsvreader_firstDroppedRow(this.__wbg_ptr);
        return ret;
    }
    /**
     * Samples read and not yet taken.
     * @returns {number}
     */
    get held() {
        const ret = wasm.debugcsvreader_held(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * Room in wasm memory for the next piece, `len` bytes: its address, valid until the next
     * call into the module.
     * @param {number} len
     * @returns {number}
     */
    input(len) {
        const ret = wasm.debugcsvreader_input(this.__wbg_ptr, len);
        return ret >>> 0;
    }
    /**
     * The file's own sampling step, the median step between the rows kept, µs.
     * @returns {number}
     */
    get medianStepUs() {
        const ret = wasm.debugcsvreader_medianStepUs(this.__wbg_ptr);
        return ret;
    }
    /**
     * A reader at the start of a file.
     */
    constructor() {
        const ret = wasm.debugcsvreader_new();
        this.__wbg_ptr = ret;
        DebugCsvReaderFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * Why the file was refused.
     * @returns {string}
     */
    get problem() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.debugcsvreader_problem(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * Reads the `len` bytes written at [`DebugCsvReader::input`]; false when the file is refused.
     * @param {number} len
     * @returns {boolean}
     */
    push(len) {
        const ret = wasm.debugcsvreader_push(this.__wbg_ptr, len);
        return ret !== 0;
    }
    /**
     * Its row (0 when the problem is not on one).
     * @returns {number}
     */
    get row() {
        const ret = wasm.debugcsvreader_row(this.__wbg_ptr);
        return ret;
    }
    /**
     * Takes the samples read so far: time (µs), angle (°), then the device's angular velocity
     * (rad/s) and acceleration (rad/s²) when the file has them, one after the other.
     * @returns {Float64Array}
     */
    take() {
        const ret = wasm.debugcsvreader_take(this.__wbg_ptr);
        var v1 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
        return v1;
    }
}
if (Symbol.dispose) DebugCsvReader.prototype[Symbol.dispose] = DebugCsvReader.prototype.free;

/**
 * What the user chose (see [`Settings`]); `new EngineSettings()` holds the defaults.
 */
export class EngineSettings {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        EngineSettingsFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_enginesettings_free(ptr, 0);
    }
    /**
     * The defaults.
     */
    constructor() {
        const ret = wasm.enginesettings_new();
        this.__wbg_ptr = ret;
        EngineSettingsFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * Throws the first setting out of range, with its value.
     */
    validate() {
        const ret = wasm.enginesettings_validate(this.__wbg_ptr);
        if (ret[1]) {
            throw takeFromExternrefTable0(ret[0]);
        }
    }
    /**
     * Compute α from ω even when the samples carry the device's α.
     * @returns {boolean}
     */
    get calcAngularAcceleration() {
        const ret = wasm.__wbg_get_enginesettings_calcAngularAcceleration(this.__wbg_ptr);
        return ret !== 0;
    }
    /**
     * Compute ω from the angle even when the samples carry the device's ω.
     * @returns {boolean}
     */
    get calcAngularVelocity() {
        const ret = wasm.__wbg_get_enginesettings_calcAngularVelocity(this.__wbg_ptr);
        return ret !== 0;
    }
    /**
     * Resampling rate, Hz.
     * @returns {number}
     */
    get hz() {
        const ret = wasm.__wbg_get_enginesettings_hz(this.__wbg_ptr);
        return ret;
    }
    /**
     * Flywheel inertia, kg·m².
     * @returns {number}
     */
    get inertia() {
        const ret = wasm.__wbg_get_enginesettings_inertia(this.__wbg_ptr);
        return ret;
    }
    /**
     * Body mass, kg.
     * @returns {number}
     */
    get mass() {
        const ret = wasm.__wbg_get_enginesettings_mass(this.__wbg_ptr);
        return ret;
    }
    /**
     * Shaft radius, m.
     * @returns {number}
     */
    get radius() {
        const ret = wasm.__wbg_get_enginesettings_radius(this.__wbg_ptr);
        return ret;
    }
    /**
     * Warmup reps, 1–3: a number, so that 1.5 is refused rather than truncated.
     * @returns {number}
     */
    get warmup() {
        const ret = wasm.__wbg_get_enginesettings_warmup(this.__wbg_ptr);
        return ret;
    }
    /**
     * Compute α from ω even when the samples carry the device's α.
     * @param {boolean} arg0
     */
    set calcAngularAcceleration(arg0) {
        wasm.__wbg_set_enginesettings_calcAngularAcceleration(this.__wbg_ptr, arg0);
    }
    /**
     * Compute ω from the angle even when the samples carry the device's ω.
     * @param {boolean} arg0
     */
    set calcAngularVelocity(arg0) {
        wasm.__wbg_set_enginesettings_calcAngularVelocity(this.__wbg_ptr, arg0);
    }
    /**
     * Resampling rate, Hz.
     * @param {number} arg0
     */
    set hz(arg0) {
        wasm.__wbg_set_enginesettings_hz(this.__wbg_ptr, arg0);
    }
    /**
     * Flywheel inertia, kg·m².
     * @param {number} arg0
     */
    set inertia(arg0) {
        wasm.__wbg_set_enginesettings_inertia(this.__wbg_ptr, arg0);
    }
    /**
     * Body mass, kg.
     * @param {number} arg0
     */
    set mass(arg0) {
        wasm.__wbg_set_enginesettings_mass(this.__wbg_ptr, arg0);
    }
    /**
     * Shaft radius, m.
     * @param {number} arg0
     */
    set radius(arg0) {
        wasm.__wbg_set_enginesettings_radius(this.__wbg_ptr, arg0);
    }
    /**
     * Warmup reps, 1–3: a number, so that 1.5 is refused rather than truncated.
     * @param {number} arg0
     */
    set warmup(arg0) {
        wasm.__wbg_set_enginesettings_warmup(this.__wbg_ptr, arg0);
    }
}
if (Symbol.dispose) EngineSettings.prototype[Symbol.dispose] = EngineSettings.prototype.free;

/**
 * A session, live or whole: push batches, then finish.
 */
export class LiveEngine {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        LiveEngineFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_liveengine_free(ptr, 0);
    }
    /**
     * Why the last call was refused.
     * @returns {string}
     */
    error() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.liveengine_error(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * End of data: the trailing rep, if any, and the points the filter held (see the header).
     * Returns whether it was accepted (see [`LiveEngine::error`]).
     * @returns {boolean}
     */
    finish() {
        const ret = wasm.liveengine_finish(this.__wbg_ptr);
        return ret !== 0;
    }
    /**
     * Address in wasm memory of the last call's header: the f64 numbers of [`Header`], in the
     * order of its layout (the counts of the call's [`Update`] and where its records are).
     * @returns {number}
     */
    get header() {
        const ret = wasm.liveengine_header(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * Room in wasm memory for the next batch, `len` numbers: returns its address, where the
     * caller writes the batch's columns one after the other (see [`LiveEngine::push`]). It
     * stays valid until the next call to any engine (every engine shares it).
     * @param {number} len
     * @returns {number}
     */
    input(len) {
        const ret = wasm.liveengine_input(this.__wbg_ptr, len);
        return ret >>> 0;
    }
    /**
     * A new session with `settings`; with `points` false the calls count points but keep none.
     * @param {EngineSettings} settings
     * @param {boolean} points
     */
    constructor(settings, points) {
        _assertClass(settings, EngineSettings);
        const ret = wasm.liveengine_new(settings.__wbg_ptr, points);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        this.__wbg_ptr = ret[0];
        LiveEngineFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * Processes the batch written at [`LiveEngine::input`]: `time` times (µs), then `angle`
     * angles (degrees), then, when the device gives them, `omega` angular velocities (rad/s)
     * and `alpha` accelerations (rad/s²); the header says what it produced. Returns whether the
     * batch was accepted: if not, nothing is processed and [`LiveEngine::error`] says why.
     * @param {number} time
     * @param {number} angle
     * @param {number | null} [omega]
     * @param {number | null} [alpha]
     * @returns {boolean}
     */
    push(time, angle, omega, alpha) {
        const ret = wasm.liveengine_push(this.__wbg_ptr, time, angle, isLikeNone(omega) ? Number.MAX_SAFE_INTEGER : (omega) >>> 0, isLikeNone(alpha) ? Number.MAX_SAFE_INTEGER : (alpha) >>> 0);
        return ret !== 0;
    }
    /**
     * The points produced since they were last taken, when the engine keeps points.
     * @returns {Points}
     */
    takePoints() {
        const ret = wasm.liveengine_takePoints(this.__wbg_ptr);
        return Points.__wrap(ret);
    }
}
if (Symbol.dispose) LiveEngine.prototype[Symbol.dispose] = LiveEngine.prototype.free;

/**
 * The point columns taken from an engine, one getter per column: each read moves that column
 * out (a second read is empty).
 */
export class Points {
    static __wrap(ptr) {
        const obj = Object.create(Points.prototype);
        obj.__wbg_ptr = ptr;
        PointsFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        PointsFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_points_free(ptr, 0);
    }
    /**
     * r" m/s²
     * @returns {Float64Array}
     */
    get acceleration() {
        const ret = wasm.points_acceleration(this.__wbg_ptr);
        var v1 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
        return v1;
    }
    /**
     * r" Filtered angle, degrees.
     * @returns {Float64Array}
     */
    get angleDeg() {
        const ret = wasm.points_angleDeg(this.__wbg_ptr);
        var v1 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
        return v1;
    }
    /**
     * r" rad/s²
     * @returns {Float64Array}
     */
    get angularAcceleration() {
        const ret = wasm.points_angularAcceleration(this.__wbg_ptr);
        var v1 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
        return v1;
    }
    /**
     * r" rad/s
     * @returns {Float64Array}
     */
    get angularVelocity() {
        const ret = wasm.points_angularVelocity(this.__wbg_ptr);
        var v1 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
        return v1;
    }
    /**
     * r" N
     * @returns {Float64Array}
     */
    get force() {
        const ret = wasm.points_force(this.__wbg_ptr);
        var v1 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
        return v1;
    }
    /**
     * r" N
     * @returns {Float64Array}
     */
    get linearForce() {
        const ret = wasm.points_linearForce(this.__wbg_ptr);
        var v1 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
        return v1;
    }
    /**
     * r" N
     * @returns {Float64Array}
     */
    get netForce() {
        const ret = wasm.points_netForce(this.__wbg_ptr);
        var v1 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
        return v1;
    }
    /**
     * r" W
     * @returns {Float64Array}
     */
    get power() {
        const ret = wasm.points_power(this.__wbg_ptr);
        var v1 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
        return v1;
    }
    /**
     * r" Grid time, µs.
     * @returns {Float64Array}
     */
    get timeUs() {
        const ret = wasm.points_timeUs(this.__wbg_ptr);
        var v1 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
        return v1;
    }
    /**
     * r" N·m
     * @returns {Float64Array}
     */
    get torque() {
        const ret = wasm.points_torque(this.__wbg_ptr);
        var v1 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
        return v1;
    }
    /**
     * r" m/s
     * @returns {Float64Array}
     */
    get velocity() {
        const ret = wasm.points_velocity(this.__wbg_ptr);
        var v1 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
        return v1;
    }
}
if (Symbol.dispose) Points.prototype[Symbol.dispose] = Points.prototype.free;

/**
 * The engine's WebAssembly memory, where [`LiveEngine::header`] points.
 * @returns {any}
 */
export function wasmMemory() {
    const ret = wasm.wasmMemory();
    return ret;
}
export function __wbg_Error_208446807d0d1e30(arg0, arg1) {
    const ret = Error(getStringFromWasm0(arg0, arg1));
    return ret;
}
export function __wbg___wbindgen_memory_17a1178bc3328ea3() {
    const ret = wasm.memory;
    return ret;
}
export function __wbg___wbindgen_throw_4c88d8bf264fd984(arg0, arg1) {
    throw new Error(getStringFromWasm0(arg0, arg1));
}
export function __wbindgen_generic_0000000000000001(arg0, arg1) {
    // Cast intrinsic for `Ref(String) -> Externref`.
    const ret = getStringFromWasm0(arg0, arg1);
    return ret;
}
export function __wbindgen_init_externref_table() {
    const table = wasm.__wbindgen_externrefs;
    table.set(0, undefined);
    table.set(1024, undefined);
    table.set(1025, null);
    table.set(1026, true);
    table.set(1027, false);
}
const DebugCsvReaderFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_debugcsvreader_free(ptr, 1));
const EngineSettingsFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_enginesettings_free(ptr, 1));
const LiveEngineFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_liveengine_free(ptr, 1));
const PointsFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_points_free(ptr, 1));

function _assertClass(instance, klass) {
    if (!(instance instanceof klass)) {
        throw new Error(`expected instance of ${klass.name}`);
    }
}

function getArrayF64FromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return getFloat64ArrayMemory0().subarray(ptr / 8, ptr / 8 + len);
}

function getArrayJsValueFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    const mem = getDataViewMemory0();
    const result = [];
    for (let i = ptr; i < ptr + 4 * len; i += 4) {
        result.push(wasm.__wbindgen_externrefs.get(mem.getUint32(i, true)));
    }
    wasm.__externref_drop_slice(ptr, len);
    return result;
}

let cachedDataViewMemory0 = null;
function getDataViewMemory0() {
    if (cachedDataViewMemory0 === null || cachedDataViewMemory0.buffer.detached === true || (cachedDataViewMemory0.buffer.detached === undefined && cachedDataViewMemory0.buffer !== wasm.memory.buffer)) {
        cachedDataViewMemory0 = new DataView(wasm.memory.buffer);
    }
    return cachedDataViewMemory0;
}

let cachedFloat64ArrayMemory0 = null;
function getFloat64ArrayMemory0() {
    if (cachedFloat64ArrayMemory0 === null || cachedFloat64ArrayMemory0.byteLength === 0) {
        cachedFloat64ArrayMemory0 = new Float64Array(wasm.memory.buffer);
    }
    return cachedFloat64ArrayMemory0;
}

function getStringFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return decodeText(getUint8ArrayMemory0().subarray(ptr, ptr + len));
}

let cachedUint8ArrayMemory0 = null;
function getUint8ArrayMemory0() {
    if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
        cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
    }
    return cachedUint8ArrayMemory0;
}

function isLikeNone(x) {
    return x === undefined || x === null;
}

function takeFromExternrefTable0(idx) {
    const value = wasm.__wbindgen_externrefs.get(idx);
    wasm.__externref_table_dealloc(idx);
    return value;
}

let cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
cachedTextDecoder.decode();
const MAX_SAFARI_DECODE_BYTES = 2146435072;
let numBytesDecoded = 0;
function decodeText(bytes) {
    numBytesDecoded += bytes.length;
    if (numBytesDecoded >= MAX_SAFARI_DECODE_BYTES) {
        cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
        cachedTextDecoder.decode();
        numBytesDecoded = bytes.length;
    }
    return cachedTextDecoder.decode(bytes);
}


let wasm;
export function __wbg_set_wasm(val) {
    wasm = val;
}
