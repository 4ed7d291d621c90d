/**
 * The engine over wasm, as callers see it: typed arrays in, plain objects out. The classes of
 * `pkg/engine.js` (wasm-bindgen's glue, generated from `engine-rs/src/bindings.rs`) do the
 * crossing; this file only turns their instances into plain objects (which signals, the journal
 * and structured clone can hold) and frees them. Field names are read from the generated
 * classes, never listed here.
 *
 * Memory: `reprocess` frees its engine in a `finally`; a live engine is freed by `dispose()`,
 * and wasm-bindgen's FinalizationRegistry frees one its owner forgot. A call that throws has
 * processed nothing; the engine stays usable.
 */
import { LiveEngine, Points, PhaseSummary as WasmPhaseSummary, Rep as WasmRep, Turn as WasmTurn } from '../../pkg/engine.js';
import { checkBatchShape, describeLengths, describeSettings, resolveSettings, toWasmSettings } from './settings';
import type {
  EngineOptions,
  EngineSettings,
  EngineUpdate,
  EngineUpdateWithPoints,
  IncrementalEngine,
  PhaseSummary,
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

const PHASE_NAMES = fieldNames(WasmPhaseSummary.prototype) as (keyof PhaseSummary)[];
const REP_NAMES = fieldNames(WasmRep.prototype).filter((n) => n !== 'concentric' && n !== 'eccentric') as (keyof Rep)[];
const TURN_NAMES = fieldNames(WasmTurn.prototype).filter((n) => n !== 'concentric') as (keyof Turn)[];
/** The point columns, as the engine defines them. */
export const POINT_NAMES = fieldNames(Points.prototype) as (keyof ProcessedPoints)[];

function phase(p: WasmPhaseSummary): PhaseSummary {
  const plain = Object.fromEntries(PHASE_NAMES.map((n) => [n, p[n]])) as PhaseSummary;
  p.free();
  return plain;
}

function rep(r: WasmRep): Rep {
  const plain = Object.fromEntries(REP_NAMES.map((n) => [n, r[n as keyof WasmRep]])) as Omit<Rep, 'concentric' | 'eccentric'>;
  const out = { ...plain, concentric: phase(r.concentric), eccentric: phase(r.eccentric) };
  r.free();
  return out;
}

function turn(t: WasmTurn): Turn {
  const plain = Object.fromEntries(TURN_NAMES.map((n) => [n, t[n as keyof WasmTurn]])) as Omit<Turn, 'concentric'>;
  const out = { ...plain, concentric: phase(t.concentric) };
  t.free();
  return out;
}

function points(p: Points): ProcessedPoints {
  const plain = Object.fromEntries(POINT_NAMES.map((n) => [n, p[n]])) as ProcessedPoints;
  p.free();
  return plain;
}

function newEngine(settings: EngineSettings, keepPoints: boolean): LiveEngine {
  const wasm = toWasmSettings(settings);
  try {
    return new LiveEngine(wasm, keepPoints);
  } catch (error) {
    throw new Error(`Invalid engine settings: ${messageOf(error)} (${describeSettings(settings)})`);
  } finally {
    wasm.free();
  }
}

function update(engine: LiveEngine, reps: WasmRep[], keepPoints: boolean): EngineUpdate | EngineUpdateWithPoints {
  const base = { reps: reps.map(rep), turns: engine.turns.map(turn), skipped: engine.skipped, pointCount: engine.pointCount };
  return keepPoints ? { ...base, points: points(engine.takePoints()) } : base;
}

function push(engine: LiveEngine, batch: SampleBatch, keepPoints: boolean): EngineUpdate | EngineUpdateWithPoints {
  checkBatchShape(batch);
  let reps: WasmRep[];
  try {
    reps = engine.push(batch.timeUs, batch.angleDeg, batch.angularVelocity, batch.angularAcceleration);
  } catch (error) {
    throw new Error(`Engine push rejected the batch: ${messageOf(error)} (${describeLengths(batch)})`);
  }
  return update(engine, reps, keepPoints);
}

function finish(engine: LiveEngine, keepPoints: boolean): EngineUpdate | EngineUpdateWithPoints {
  let reps: WasmRep[];
  try {
    reps = engine.finish();
  } catch (error) {
    throw new Error(`Engine finish failed: ${messageOf(error)}`);
  }
  return update(engine, reps, keepPoints);
}

/** A live engine; see {@link IncrementalEngine}. */
class WasmEngine implements IncrementalEngine<EngineUpdate | EngineUpdateWithPoints> {
  #engine: LiveEngine | null;

  constructor(
    settings: EngineSettings,
    private readonly keepPoints: boolean,
  ) {
    this.#engine = newEngine(settings, keepPoints);
  }

  push(batch: SampleBatch): EngineUpdate | EngineUpdateWithPoints {
    return push(this.#live(), batch, this.keepPoints);
  }

  finish(): EngineUpdate | EngineUpdateWithPoints {
    return finish(this.#live(), this.keepPoints);
  }

  dispose(): void {
    this.#engine?.free();
    this.#engine = null;
  }

  #live(): LiveEngine {
    if (this.#engine === null) throw new Error('The engine was disposed; create a new one');
    return this.#engine;
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
  const engine = newEngine(resolveSettings(settings), keepPoints);
  try {
    const pushed = push(engine, batch, keepPoints);
    const finished = finish(engine, keepPoints);
    const whole: EngineUpdate = {
      reps: [...pushed.reps, ...finished.reps],
      turns: [...pushed.turns, ...finished.turns],
      skipped: pushed.skipped,
      pointCount: pushed.pointCount + finished.pointCount,
    };
    if (!keepPoints) return whole;
    return { ...whole, points: concatPoints((pushed as EngineUpdateWithPoints).points, (finished as EngineUpdateWithPoints).points) };
  } finally {
    engine.free();
  }
}

/** `a` followed by `b`, column by column. */
export function concatPoints(a: ProcessedPoints, b: ProcessedPoints): ProcessedPoints {
  return Object.fromEntries(
    (Object.keys(a) as (keyof ProcessedPoints)[]).map((name) => {
      const all = new Float64Array(a[name].length + b[name].length);
      all.set(a[name]);
      all.set(b[name], a[name].length);
      return [name, all];
    }),
  ) as ProcessedPoints;
}
