/**
 * Engines side by side, for speed work (engine-rs/PERF.md, "Measure WebAssembly, in one process,
 * alternating"): each folder of `ENGINES` (comma-separated wasm-pack outputs: `pkg`, `pkg/simd`, a
 * copy of one put aside before a change, an old release's taken out of git) is instantiated as a
 * module of its own, and the bench's hour (reps only) and live session are timed round after
 * round, alternating, for `SECONDS` (25). Prints, for each engine, the hour's best and median, the
 * live push p95 (the lowest of the sessions'), and the live pushes' least times by their place in
 * the session's 4 s cycle: 0 is the push that times an onset after a rest, 3 the turn, 6 the stop
 * into rest, which is where a p95 comes from. Writes nothing; skipped without `ENGINES`:
 *
 *   ENGINES=pkg/simd,/tmp/before/simd npx vitest run --config vitest.bench.config.ts bench/compareEngines.bench.ts
 *
 * The engines are driven through their raw glue (input, push, finish), as the facade drives them,
 * so a folder from any release with that glue works (the first releases named it `engine`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { it } from 'vitest';
import type { SampleBatch } from '../src/engine/types';
import { HZ, session } from './hourSession';
import { bestAndMedian, msOf } from './record';

interface RawEngine {
  input(len: number): number;
  push(time: number, angle: number): boolean;
  finish(): boolean;
  free(): void;
}

interface Glue {
  EngineSettings: new () => { inertia: number; free(): void };
  LiveEngine: new (settings: object, points: boolean) => RawEngine;
}

/** A live engine over `glue` in a memory seen as numbers, with the bench's settings. */
type Open = () => { engine: RawEngine; numbers: () => Float64Array };

async function load(folder: string): Promise<Open> {
  const name = existsSync(`${folder}/engine_bg.js`) ? 'engine' : 'repline_engine';
  const glue = (await import(/* @vite-ignore */ `${folder}/${name}_bg.js`)) as Glue & { __wbg_set_wasm(exports: object): void };
  const { instance } = await WebAssembly.instantiate(readFileSync(`${folder}/${name}_bg.wasm`), { [`./${name}_bg.js`]: glue as unknown as WebAssembly.ModuleImports });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as (() => void) | undefined)?.();
  const memory = instance.exports.memory as WebAssembly.Memory;
  return () => {
    const settings = new glue.EngineSettings();
    settings.inertia = 0.05;
    const engine = new glue.LiveEngine(settings, false);
    settings.free();
    return { engine, numbers: () => new Float64Array(memory.buffer) };
  };
}

/** Pushes `batch[from, to)` into `engine` (its columns one after the other in its input). */
function push({ engine, numbers }: ReturnType<Open>, batch: SampleBatch, from: number, to: number): void {
  const at = engine.input(2 * (to - from)) / 8;
  const n = numbers();
  n.set(batch.timeUs.subarray(from, to), at);
  n.set(batch.angleDeg.subarray(from, to), at + to - from);
  if (!engine.push(to - from, to - from)) throw new Error('a push was refused');
}

/** The whole `batch` in pieces of 2^15 samples, as `reprocess` does. */
function hour(open: Open, batch: SampleBatch): void {
  const e = open();
  for (let from = 0; from < batch.timeUs.length; from += 1 << 15) push(e, batch, from, Math.min(batch.timeUs.length, from + (1 << 15)));
  e.engine.finish();
  e.engine.free();
}

/** Each push's time, µs, of 2 000 pushes of 500 ms after a minute of `batch`. */
function livePushes(open: Open, batch: SampleBatch): number[] {
  const e = open();
  const per = HZ / 2;
  const times: number[] = [];
  for (let k = 0; k < 120 + 2000; k++) {
    const t0 = performance.now();
    push(e, batch, k * per, (k + 1) * per);
    if (k >= 120) times.push((performance.now() - t0) * 1000);
  }
  e.engine.free();
  return times;
}

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)]!;

it.skipIf(process.env.ENGINES === undefined)('compares the engines of ENGINES, alternating', async () => {
  const folders = process.env.ENGINES!.split(',').map((f) => resolve(f.trim()));
  const opens = await Promise.all(folders.map(load));
  const [whole, live] = [session(3600), session(61 * 60)];
  for (const open of opens) {
    hour(open, whole);
    livePushes(open, live);
  }
  const hours = opens.map((): number[] => []);
  const lives = opens.map((): number[][] => []);
  const until = performance.now() + 1000 * Number(process.env.SECONDS ?? 25);
  for (let round = 0; round < 8 || performance.now() < until; round++) {
    opens.forEach((open, e) => hours[e]!.push(msOf(() => hour(open, whole))));
    if (round % 4 === 0) opens.forEach((open, e) => lives[e]!.push(livePushes(open, live)));
  }
  folders.forEach((folder, e) => {
    const h = bestAndMedian(hours[e]!);
    const sessions = lives[e]!;
    // Each push's least time over the sessions (its cost undisturbed), by its place in the cycle.
    const least = sessions[0]!.map((_, k) => Math.min(...sessions.map((s) => s[k]!)));
    const places = Array.from({ length: 8 }, (_, place) => least.filter((_, k) => k % 8 === place).sort((a, b) => a - b));
    const median = (xs: number[]) => xs[xs.length >> 1]!.toFixed(2);
    console.log(
      `${folder}: hour ${h.best.toFixed(2)} ms best (${(whole.timeUs.length / h.best / 1000).toFixed(1)} M samples/s), median ${h.median.toFixed(2)}, ${hours[e]!.length} rounds; ` +
        `live p95 ${Math.min(...sessions.map(p95)).toFixed(2)} µs; by place in the cycle (median µs): ${places.map(median).join(' ')}`,
    );
  });
});
