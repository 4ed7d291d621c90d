/**
 * The engine over wasm, as callers see it: typed arrays in, plain objects out. The glue of
 * `pkg/repline_engine.js` or `pkg/simd/repline_engine.js` (the build `glue.ts` loads; wasm-bindgen's, generated from `engine-rs/src/bindings.rs`, which explains the
 * layout) does the calls; this file writes a batch's samples into the engine's input buffer and
 * reads what a push produced from its header, both in wasm memory through one view, so a push
 * allocates nothing in wasm. Reps and turns, when there are any, are records of numbers beside
 * the header, read into plain objects (which signals, the journal and structured clone can hold)
 * by the readers of `./generated/records.ts`, generated from the engine's one list of their
 * fields (`engine-rs/src/records.rs`; a native test fails when the two disagree). The engine's
 * debug CSV reader comes with it (debugCsvReader.ts), in the same chunk. Importing this module
 * runs nothing.
 *
 * Memory: `reprocess` frees its engine in a `finally`; a live engine is freed by `dispose()`,
 * and wasm-bindgen's FinalizationRegistry frees one its owner forgot. A call that throws has
 * processed nothing; the engine stays usable.
 */
import { EngineSettings as WasmSettings, LiveEngine, Points, wasmMemory, type Glue } from './glue';
import { HEADER, readRep, readTurn, REP_LENGTH, TURN_LENGTH } from './generated/records';
import { checkBatchShape, describeLengths, describeSettings, resolveSettings } from './settings';
import type { EngineOptions, EngineSettings, EngineUpdate, EngineUpdateWithPoints, IncrementalEngine, ProcessedPoints, SampleBatch } from './types';
import { messageOf } from '../shared/messageOf';

export { debugCsvColumns, readDebugCsvBytes } from './debugCsvReader';

/** The names of a generated class's fields: its prototype's getters, in the glue's order. */
function fieldNames(prototype: object): string[] {
  return Object.entries(Object.getOwnPropertyDescriptors(prototype))
    .filter(([, d]) => typeof d.get === 'function')
    .map(([name]) => name);
}

/** The point columns, as the engine defines them. */
export const POINT_NAMES = fieldNames(Points.prototype) as (keyof ProcessedPoints)[];

/** All of wasm memory as numbers, a view of its buffer now. */
const viewOfMemory = () => new Float64Array((wasmMemory() as WebAssembly.Memory).buffer);

/** A wasm engine, where its header is (see bindings.rs), and its view of wasm memory. */
class Handle {
  readonly #header: number;
  #numbers = viewOfMemory();

  constructor(readonly engine: LiveEngine) {
    this.#header = engine.header / 8;
  }

  /** Index in {@link numbers} of the header. */
  header(): number {
    return this.#header;
  }

  /** All of wasm memory as numbers: a view made anew when memory has grown (which detaches the buffer under the old one). */
  numbers(): Float64Array {
    if (this.#numbers.byteLength === 0) this.#numbers = viewOfMemory();
    return this.#numbers;
  }
}

/** Appends to `into` the `reps` reps then `turns` turns whose records are the `count` numbers from index `at` of `n`. */
function readRecords(n: Float64Array, at: number, count: number, reps: number, turns: number, into: EngineUpdate): void {
  if (count !== reps * REP_LENGTH + turns * TURN_LENGTH) throw new Error(`The engine's records hold ${count} numbers for ${reps} reps and ${turns} turns: rebuild pkg/`);
  for (let k = 0; k < reps; k++) into.reps.push(readRep(n, at + k * REP_LENGTH));
  for (let k = 0; k < turns; k++) into.turns.push(readTurn(n, at + reps * REP_LENGTH + k * TURN_LENGTH));
}

/** Writes `batch`'s columns one after the other into the engine's input buffer. */
function write(handle: Handle, batch: SampleBatch): void {
  const { timeUs, angleDeg, angularVelocity, angularAcceleration } = batch;
  const length = timeUs.length + angleDeg.length + (angularVelocity?.length ?? 0) + (angularAcceleration?.length ?? 0);
  let at = handle.engine.input(length) / 8;
  const n = handle.numbers();
  n.set(timeUs, at);
  n.set(angleDeg, (at += timeUs.length));
  at += angleDeg.length;
  if (angularVelocity !== undefined) {
    n.set(angularVelocity, at);
    at += angularVelocity.length;
  }
  if (angularAcceleration !== undefined) n.set(angularAcceleration, at);
}

function points(p: Points): ProcessedPoints {
  const plain = Object.fromEntries(POINT_NAMES.map((n) => [n, p[n]])) as ProcessedPoints;
  p.free();
  return plain;
}

/** The engine's own settings object for `settings` (the caller frees it). */
function toWasmSettings(settings: EngineSettings): Glue['EngineSettings']['prototype'] {
  const wasm = new WasmSettings();
  Object.assign(wasm, settings);
  return wasm;
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
  const n = handle.numbers();
  const h = handle.header();
  const skipped = n[h + HEADER.skipped]!;
  const pointCount = n[h + HEADER.pointCount]!;
  const reps = n[h + HEADER.reps]!;
  const turns = n[h + HEADER.turns]!;
  const problems = {
    rejected: n[h + HEADER.rejected]!,
    unwrapped: n[h + HEADER.unwrapped]!,
    saturated: n[h + HEADER.saturated]!,
    saturationDeg: n[h + HEADER.saturationDeg]!,
    refused: n[h + HEADER.refused]!,
    gaps: n[h + HEADER.gaps]!,
  };
  // Read through the view of all of wasm memory, into an update of one shape whatever it holds.
  const base: EngineUpdate = { reps: [], turns: [], skipped, pointCount, problems };
  if (reps + turns > 0) readRecords(n, n[h + HEADER.recordsAt]! / 8, n[h + HEADER.recordsLength]!, reps, turns, base);
  return takePoints ? { ...base, points: points(handle.engine.takePoints()) } : base;
}

function push(handle: Handle, batch: SampleBatch, takePoints: boolean): EngineUpdate | EngineUpdateWithPoints {
  checkBatchShape(batch);
  const engine = handle.engine;
  write(handle, batch);
  if (!engine.push(batch.timeUs.length, batch.angleDeg.length, batch.angularVelocity?.length, batch.angularAcceleration?.length)) {
    throw new Error(`Engine push rejected the batch: ${engine.error()} (${describeLengths(batch)})`);
  }
  return update(handle, takePoints);
}

function finish(handle: Handle, takePoints: boolean): EngineUpdate | EngineUpdateWithPoints {
  if (!handle.engine.finish()) throw new Error(`Engine finish failed: ${handle.engine.error()}`);
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

/**
 * Samples per push of a whole session. The engine copies each push into its input buffer in wasm
 * memory, which never shrinks: an hour at 1 kHz pushed at once would keep 58 MB for the rest of
 * the page's life. A piece of 512 kB also stays in the processor's cache between the copy and
 * the engine's pass over it (engine-rs/PERF-HISTORY.md). Pieces give the same reps bit for bit as one
 * push (engine-rs/src/tests/streaming.rs).
 */
const PIECE = 1 << 15;

/**
 * `batch` in pieces of at most {@link PIECE} samples, views of its columns; whole when they are not
 * typed arrays of one length (the engine then refuses the lengths as such).
 */
function inPieces(batch: SampleBatch): SampleBatch[] {
  const n = batch.timeUs.length;
  const { timeUs, angleDeg, angularVelocity, angularAcceleration } = batch;
  const columns = [timeUs, angleDeg, angularVelocity, angularAcceleration];
  if (n <= PIECE || !columns.every((c) => c === undefined || (ArrayBuffer.isView(c) && c.length === n))) return [batch];
  const pieces: SampleBatch[] = [];
  for (let from = 0; from < n; from += PIECE) {
    const to = Math.min(n, from + PIECE);
    const piece: SampleBatch = { timeUs: timeUs.subarray(from, to), angleDeg: angleDeg.subarray(from, to) };
    if (angularVelocity !== undefined) piece.angularVelocity = angularVelocity.subarray(from, to);
    if (angularAcceleration !== undefined) piece.angularAcceleration = angularAcceleration.subarray(from, to);
    pieces.push(piece);
  }
  return pieces;
}

/** A whole session at once (CSV import, the batch command): every rep, and the points when asked. */
export function reprocess(batch: SampleBatch, settings: Partial<EngineSettings> | undefined, options: EngineOptions & { points: true }): EngineUpdateWithPoints;
export function reprocess(batch: SampleBatch, settings?: Partial<EngineSettings>, options?: EngineOptions): EngineUpdate;
export function reprocess(batch: SampleBatch, settings?: Partial<EngineSettings>, options: EngineOptions = {}): EngineUpdate | EngineUpdateWithPoints {
  const keepPoints = options.points === true;
  const handle = newEngine(resolveSettings(settings), keepPoints);
  try {
    checkBatchShape(batch);
    const problems = { rejected: 0, unwrapped: 0, saturated: 0, saturationDeg: 0, refused: 0, gaps: 0 };
    const whole: EngineUpdate = { reps: [], turns: [], skipped: 0, pointCount: 0, problems };
    const add = (update: EngineUpdate) => {
      for (const rep of update.reps) whole.reps.push(rep);
      for (const turn of update.turns) whole.turns.push(turn);
      whole.skipped += update.skipped;
      whole.pointCount += update.pointCount;
      const p = update.problems!;
      problems.rejected += p.rejected;
      problems.unwrapped += p.unwrapped;
      problems.saturated += p.saturated;
      problems.refused += p.refused;
      problems.gaps += p.gaps;
      if (p.saturated > 0) problems.saturationDeg = p.saturationDeg;
    };
    for (const piece of inPieces(batch)) add(push(handle, piece, false));
    add(finish(handle, false));
    // The engine keeps the points of every call until they are taken: one copy, at the end.
    return keepPoints ? { ...whole, points: points(handle.engine.takePoints()) } : whole;
  } finally {
    handle.engine.free();
  }
}
