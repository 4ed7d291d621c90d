/**
 * The engine over wasm, as callers see it: typed arrays and plain objects in and out, never a
 * pointer. Each call follows the protocol of `engine-rs/src/ffi.rs` (size, fill, call, read)
 * and copies the results out before returning, because the next call reuses the buffers and
 * memory growth detaches views.
 *
 * Memory: `reprocess` frees its engine in a `finally`. A live engine is freed by `dispose()`,
 * and a FinalizationRegistry frees one its owner forgot, so no leak depends on callers.
 * A call that throws has processed nothing; the engine stays usable.
 */
import { describeLengths, describeSettings, checkBatchShape, resolveSettings } from './settings';
import type { EngineSettings, EngineUpdate, IncrementalEngine, PhaseSummary, ProcessedPoints, Rep, SampleBatch } from './types';
import { CHANNEL, PHASE_FIELDS, POINT_FIELDS, errorMessage, f64View, raw, u32 } from './wasm';

const leaked = new FinalizationRegistry<number>((handle) => raw.engine_free(handle));

function newHandle(settings: EngineSettings): number {
  const args = [
    settings.hz,
    settings.radius,
    settings.inertia,
    settings.mass,
    settings.calcAngularVelocity ? 1 : 0,
    settings.calcAngularAcceleration ? 1 : 0,
    settings.warmup,
  ] as const;
  const code = raw.engine_settings_error(...args);
  if (code !== 0) throw new Error(`Invalid engine settings: ${errorMessage(code)} (${describeSettings(settings)})`);
  return raw.engine_new(...args);
}

function readPoints(h: number): ProcessedPoints {
  const n = u32(raw.engine_points_len(h));
  const columns = POINT_FIELDS.map((_, i) => f64View(raw.engine_points_column(h, i), n).slice());
  return Object.fromEntries(POINT_FIELDS.map((name, i) => [name, columns[i]])) as unknown as ProcessedPoints;
}

function readReps(h: number): Rep[] {
  const stride = raw.engine_rep_stride();
  const n = u32(raw.engine_reps_len(h));
  const flat = f64View(raw.engine_reps(h), n * stride);
  const phase = (at: number): PhaseSummary =>
    Object.fromEntries(PHASE_FIELDS.map((name, i) => [name, flat[at + i]!])) as unknown as PhaseSummary;
  const reps: Rep[] = [];
  for (let r = 0; r < n; r++) {
    const at = r * stride;
    reps.push({
      index: flat[at]!,
      count: flat[at + 1]!,
      start: flat[at + 2]!,
      turn: flat[at + 3]!,
      end: flat[at + 4]!,
      concentric: phase(at + 5),
      eccentric: phase(at + 5 + PHASE_FIELDS.length),
    });
  }
  return reps;
}

function readUpdate(h: number): EngineUpdate {
  return { points: readPoints(h), reps: readReps(h), skipped: raw.engine_skipped(h) };
}

function push(h: number, batch: SampleBatch): EngineUpdate {
  checkBatchShape(batch);
  const channels: [number, ArrayLike<number>][] = [
    [CHANNEL.timeUs, batch.timeUs],
    [CHANNEL.angleDeg, batch.angleDeg],
  ];
  if (batch.angularVelocity) channels.push([CHANNEL.angularVelocity, batch.angularVelocity]);
  if (batch.angularAcceleration) channels.push([CHANNEL.angularAcceleration, batch.angularAcceleration]);
  // Size every buffer before filling any: sizing may grow memory and detach views.
  const ptrs = channels.map(([channel, values]) => raw.engine_input(h, channel, values.length));
  channels.forEach(([, values], i) => f64View(ptrs[i]!, values.length).set(values));
  const mask = channels.reduce((m, [channel]) => (channel >= 2 ? m | (1 << channel) : m), 0);
  const code = raw.engine_push(h, mask);
  if (code !== 0) throw new Error(`Engine push rejected the batch: ${errorMessage(code)} (${describeLengths(batch)})`);
  return readUpdate(h);
}

function finish(h: number): EngineUpdate {
  const code = raw.engine_finish(h);
  if (code !== 0) throw new Error(`Engine finish failed: ${errorMessage(code)}`);
  return readUpdate(h);
}

/** A live engine; see {@link IncrementalEngine}. */
class WasmEngine implements IncrementalEngine {
  #handle: number;

  constructor(settings: EngineSettings) {
    this.#handle = newHandle(settings);
    leaked.register(this, this.#handle, this);
  }

  push(batch: SampleBatch): EngineUpdate {
    return push(this.#live(), batch);
  }

  finish(): EngineUpdate {
    return finish(this.#live());
  }

  dispose(): void {
    if (this.#handle === 0) return;
    leaked.unregister(this);
    raw.engine_free(this.#handle);
    this.#handle = 0;
  }

  #live(): number {
    if (this.#handle === 0) throw new Error('The engine was disposed; create a new one');
    return this.#handle;
  }
}

/** A live engine: push batches as they arrive, `finish()` at the end, then `dispose()`. */
export function createEngine(settings?: Partial<EngineSettings>): IncrementalEngine {
  return new WasmEngine(resolveSettings(settings));
}

/** A whole session at once (CSV import, the batch command): every point and every rep. */
export function reprocess(batch: SampleBatch, settings?: Partial<EngineSettings>): EngineUpdate {
  const h = newHandle(resolveSettings(settings));
  try {
    const pushed = push(h, batch);
    const finished = finish(h);
    const points = Object.fromEntries(
      POINT_FIELDS.map((f) => {
        const all = new Float64Array(pushed.points[f].length + finished.points[f].length);
        all.set(pushed.points[f]);
        all.set(finished.points[f], pushed.points[f].length);
        return [f, all];
      }),
    ) as unknown as ProcessedPoints;
    return { points, reps: [...pushed.reps, ...finished.reps], skipped: pushed.skipped };
  } finally {
    raw.engine_free(h);
  }
}
