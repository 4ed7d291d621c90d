/**
 * The engine over wasm, as callers see it: typed arrays in, plain objects out. The glue of
 * `pkg/engine.js` (wasm-bindgen's, generated from `engine-rs/src/bindings.rs`, which explains the
 * layout) does the crossing: a push is one call, and what it produced is counted in a header in
 * wasm memory that this file reads through a view, so a push that closes nothing costs one call
 * and allocates nothing in wasm. Reps and turns, when there are any, come in one array of numbers
 * that this file turns into plain objects (which signals, the journal and structured clone can
 * hold) by the field names the engine gives, checked against its generated classes: never listed
 * here.
 *
 * Memory: `reprocess` frees its engine in a `finally`; a live engine is freed by `dispose()`,
 * and wasm-bindgen's FinalizationRegistry frees one its owner forgot. A call that throws has
 * processed nothing; the engine stays usable.
 */
import {
  LiveEngine,
  Points,
  PhaseSummary as WasmPhaseSummary,
  Rep as WasmRep,
  Turn as WasmTurn,
  phaseFields,
  repFields,
  turnFields,
  wasmMemory,
} from '../../pkg/engine.js';
import { checkBatchShape, describeLengths, describeSettings, resolveSettings, toWasmSettings } from './settings';
import type {
  EngineOptions,
  EngineSettings,
  EngineUpdate,
  EngineUpdateWithPoints,
  IncrementalEngine,
  ProcessedPoints,
  Rep,
  SampleBatch,
  Turn,
} from './types';
import { messageOf } from '../shared/messageOf';

/** The names of a generated class's fields: its prototype's getters, in the glue's order. */
export function fieldNames(prototype: object): string[] {
  return Object.entries(Object.getOwnPropertyDescriptors(prototype))
    .filter(([, d]) => typeof d.get === 'function')
    .map(([name]) => name);
}

/** The engine's order of a record's numbers, checked once against the fields of its generated class. */
function layout(names: string[], prototype: object, nested: string[]): string[] {
  const fields = fieldNames(prototype).filter((n) => !nested.includes(n));
  if (names.length !== fields.length || names.some((n) => !fields.includes(n))) {
    throw new Error(`The engine's records (${names.join(', ')}) do not match its classes (${fields.join(', ')}): rebuild pkg/`);
  }
  return names;
}

const PHASE_NAMES = layout(phaseFields(), WasmPhaseSummary.prototype, []);
const REP_NAMES = layout(repFields(), WasmRep.prototype, ['concentric', 'eccentric']);
const TURN_NAMES = layout(turnFields(), WasmTurn.prototype, ['concentric']);
/** The point columns, as the engine defines them. */
export const POINT_NAMES = fieldNames(Points.prototype) as (keyof ProcessedPoints)[];

const memory = wasmMemory() as WebAssembly.Memory;

/** A wasm engine and a view of its header: samples dropped, points, reps and turns of the last call. */
class Handle {
  readonly #address: number;
  #header: Float64Array;

  constructor(readonly engine: LiveEngine) {
    this.#address = engine.header;
    this.#header = new Float64Array(memory.buffer, this.#address, 4);
  }

  /** The header; a view made anew when memory has grown (which detaches the buffer under the old one). */
  header(): Float64Array {
    if (this.#header.byteLength === 0) this.#header = new Float64Array(memory.buffer, this.#address, 4);
    return this.#header;
  }
}

/** The reps and turns of the last call, `reps` and `turns` of them, read by field name from the engine's records. */
function records(engine: LiveEngine, reps: number, turns: number): { reps: Rep[]; turns: Turn[] } {
  if (reps + turns === 0) return { reps: [], turns: [] };
  const numbers = engine.records();
  let at = 0;
  const read = <T>(names: readonly string[]): T => {
    const plain: Record<string, number> = {};
    for (const name of names) plain[name] = numbers[at++]!;
    return plain as T;
  };
  const out = {
    reps: Array.from({ length: reps }, () => Object.assign(read<Rep>(REP_NAMES), { concentric: read(PHASE_NAMES), eccentric: read(PHASE_NAMES) })),
    turns: Array.from({ length: turns }, () => Object.assign(read<Turn>(TURN_NAMES), { concentric: read(PHASE_NAMES) })),
  };
  // Numbers left over or missing would shift every field after them.
  if (at !== numbers.length) throw new Error(`The engine's records hold ${numbers.length} numbers, not ${at}: rebuild pkg/ (npm run build:engine)`);
  return out;
}

function points(p: Points): ProcessedPoints {
  const plain = Object.fromEntries(POINT_NAMES.map((n) => [n, p[n]])) as ProcessedPoints;
  p.free();
  return plain;
}

function newEngine(settings: EngineSettings, keepPoints: boolean): Handle {
  const wasm = toWasmSettings(settings);
  try {
    return new Handle(new LiveEngine(wasm, keepPoints));
  } catch (error) {
    throw new Error(`Invalid engine settings: ${messageOf(error)} (${describeSettings(settings)})`);
  } finally {
    wasm.free();
  }
}

/** What the last call produced; the points taken with it when `takePoints`. */
function update(handle: Handle, takePoints: boolean): EngineUpdate | EngineUpdateWithPoints {
  const [skipped, pointCount, reps, turns] = handle.header() as unknown as [number, number, number, number];
  const base = { ...records(handle.engine, reps, turns), skipped, pointCount };
  return takePoints ? { ...base, points: points(handle.engine.takePoints()) } : base;
}

function push(handle: Handle, batch: SampleBatch, takePoints: boolean): EngineUpdate | EngineUpdateWithPoints {
  checkBatchShape(batch);
  try {
    handle.engine.push(batch.timeUs, batch.angleDeg, batch.angularVelocity, batch.angularAcceleration);
  } catch (error) {
    throw new Error(`Engine push rejected the batch: ${messageOf(error)} (${describeLengths(batch)})`);
  }
  return update(handle, takePoints);
}

function finish(handle: Handle, takePoints: boolean): EngineUpdate | EngineUpdateWithPoints {
  try {
    handle.engine.finish();
  } catch (error) {
    throw new Error(`Engine finish failed: ${messageOf(error)}`);
  }
  return update(handle, takePoints);
}

/** A live engine; see {@link IncrementalEngine}. */
class WasmEngine implements IncrementalEngine<EngineUpdate | EngineUpdateWithPoints> {
  #handle: Handle | null;

  constructor(
    settings: EngineSettings,
    private readonly keepPoints: boolean,
  ) {
    this.#handle = newEngine(settings, keepPoints);
  }

  push(batch: SampleBatch): EngineUpdate | EngineUpdateWithPoints {
    return push(this.#live(), batch, this.keepPoints);
  }

  finish(): EngineUpdate | EngineUpdateWithPoints {
    return finish(this.#live(), this.keepPoints);
  }

  dispose(): void {
    this.#handle?.engine.free();
    this.#handle = null;
  }

  #live(): Handle {
    if (this.#handle === null) throw new Error('The engine was disposed; create a new one');
    return this.#handle;
  }
}

/** A live engine: push batches as they arrive, `finish()` at the end, then `dispose()`. */
export function createEngine(settings: Partial<EngineSettings> | undefined, options: EngineOptions & { points: true }): IncrementalEngine<EngineUpdateWithPoints>;
export function createEngine(settings?: Partial<EngineSettings>, options?: EngineOptions): IncrementalEngine;
export function createEngine(settings?: Partial<EngineSettings>, options: EngineOptions = {}): IncrementalEngine<EngineUpdate | EngineUpdateWithPoints> {
  return new WasmEngine(resolveSettings(settings), options.points === true);
}

/** A whole session at once (CSV import, the batch command): every rep, and the points when asked. */
export function reprocess(batch: SampleBatch, settings: Partial<EngineSettings> | undefined, options: EngineOptions & { points: true }): EngineUpdateWithPoints;
export function reprocess(batch: SampleBatch, settings?: Partial<EngineSettings>, options?: EngineOptions): EngineUpdate;
export function reprocess(batch: SampleBatch, settings?: Partial<EngineSettings>, options: EngineOptions = {}): EngineUpdate | EngineUpdateWithPoints {
  const keepPoints = options.points === true;
  const handle = newEngine(resolveSettings(settings), keepPoints);
  try {
    const pushed = push(handle, batch, false);
    const finished = finish(handle, false);
    const whole: EngineUpdate = {
      reps: [...pushed.reps, ...finished.reps],
      turns: [...pushed.turns, ...finished.turns],
      skipped: pushed.skipped,
      pointCount: pushed.pointCount + finished.pointCount,
    };
    // The engine keeps the points of both calls until they are taken: one copy, at the end.
    return keepPoints ? { ...whole, points: points(handle.engine.takePoints()) } : whole;
  } finally {
    handle.engine.free();
  }
}
