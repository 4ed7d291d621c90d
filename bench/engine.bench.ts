/**
 * The metrics engine's figures, measured in one run, each beside the last run's (`record`
 * keeps it in bench/results.json as `previous`, with that run's commit) and against the fixed
 * baselines its target names. The two cores are shared with other work that comes in bursts
 * (`WINDOW_MS`): each timing is the best of many runs (the least disturbed) spread over half a
 * minute, as the native figure is over ten seconds, with the median in its note.
 * 1. Whole-session reprocessing through the wasm engine in Node, reps only (what the batch
 *    command asks for): samples per second on a one-hour session (720 000 samples at 200 Hz);
 *    target ≥ 30 M. With every point column copied out too, in the same rounds: within 20 % of
 *    the 84 ms of commit ec13e6b, before the accuracy work (issue 11).
 * 2. Live: one 500 ms batch (100 samples) pushed at a time, as the app does; p95 over 2 000
 *    batches after a minute of session; target ≤ 10 µs, in the steady state: the lowest p95 of
 *    the sessions in the same rounds. V8 runs WebAssembly in its baseline compiler (Liftoff)
 *    until it has compiled optimised code, which for the engine's larger functions takes a
 *    while: a fresh process's first session is slower, and is recorded too
 *    (livePushP95FirstSession, no target; with --no-liftoff it is as fast as the steady state).
 *    And the median push at minute 60 vs minute 1 (bounded state: ≤ 1.5).
 * 3. Native Rust throughput: `engine-rs/examples/throughput.rs` (points kept, within 20 % of the
 *    35.5 M samples/s of commit ec13e6b; reps only too, for information), built in release mode and
 *    run here.
 */
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { createEngine, reprocess, type SampleBatch } from '../src/engine';
import { bestAndMedian, msOf, record } from './record';

const HZ = 200;

/**
 * The other work on this machine's two cores comes in bursts that slow a run 1.6–1.8× for 10–60 s
 * at a time, with quiet spells of 10–20 s between (observed on 2026-11-24, the same hour timed
 * every 15 s). A few runs in a row can all fall in one burst, so the whole-hour and live timings
 * are taken round after round for this long, and each figure is the best round, the median
 * beside it in the note.
 */
const WINDOW_MS = 30_000;

/** `seconds` of a live set: a rep every 4 s (1.5 s out, 1.5 s back, 1 s still), jitter, noise. */
function session(seconds: number): SampleBatch {
  const n = seconds * HZ;
  const timeUs = new Float64Array(n);
  const angleDeg = new Float64Array(n);
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) - 0.5;
  for (let i = 0; i < n; i++) {
    const t = (i + 0.3 * random()) / HZ;
    const cycle = Math.floor(t / 4);
    const phase = (Math.PI / 2) * Math.min((t - 4 * cycle) / 1.5, 2);
    const wound = 900 + 100 * Math.sin(cycle * 0.7);
    timeUs[i] = t * 1e6;
    angleDeg[i] = (cycle % 2 === 0 ? 1 : -1) * wound * Math.cos(phase) + 0.2 * random();
  }
  return { timeUs, angleDeg };
}

const slice = (b: SampleBatch, from: number, to: number): SampleBatch => ({
  timeUs: b.timeUs.subarray(from, to),
  angleDeg: b.angleDeg.subarray(from, to),
});

/** Median ms of pushing 40 consecutive 500 ms batches after `minutes` of the session. */
function batchCostAt(b: SampleBatch, minutes: number): number {
  const engine = createEngine({ inertia: 0.05 });
  try {
    const start = minutes * 60 * HZ;
    const perBatch = HZ / 2;
    for (let i = 0; i < start; i += 6000) engine.push(slice(b, i, Math.min(start, i + 6000)));
    const times: number[] = [];
    for (let k = 0; k < 40; k++) {
      const from = start + k * perBatch;
      const t0 = performance.now();
      engine.push(slice(b, from, from + perBatch));
      times.push(performance.now() - t0);
    }
    times.sort((x, y) => x - y);
    return times[times.length / 2]!;
  } finally {
    engine.dispose();
  }
}

interface Throughput {
  samplesPerSecond: number;
  coldSamplesPerSecond: number;
  repsOnlySamplesPerSecond: number;
  rounds: number;
  samples: number;
  reps: number;
}

function nativeThroughput(): Throughput {
  const cargo = ['cargo', ['run', '--quiet', '--release', '-p', 'repline-engine', '--example', 'throughput']] as const;
  const out = execFileSync(cargo[0], cargo[1], { encoding: 'utf8', timeout: 600_000, stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').pop()!) as Throughput;
}

/** p95 of pushing `count` consecutive 500 ms batches after `warmS` seconds of the session, µs. */
function livePushP95(b: SampleBatch, warmS: number, count: number): number {
  const engine = createEngine({ inertia: 0.05 });
  try {
    const start = warmS * HZ;
    const perBatch = HZ / 2;
    for (let i = 0; i < start; i += perBatch) engine.push(slice(b, i, i + perBatch));
    const times: number[] = [];
    for (let k = 0; k < count; k++) {
      const from = start + k * perBatch;
      const t0 = performance.now();
      engine.push(slice(b, from, from + perBatch));
      times.push((performance.now() - t0) * 1000);
    }
    times.sort((x, y) => x - y);
    return times[Math.floor(times.length * 0.95)]!;
  } finally {
    engine.dispose();
  }
}

it('measures the wasm engine whole-session and live, and native throughput', () => {
  const hour = session(3600);
  const settings = { inertia: 0.05 };
  // The first session and the minute-1/minute-60 medians before anything else, then rounds over
  // WINDOW_MS (see there): a reprocess of the hour each round, and every eighth a live session
  // and the hour with its points.
  const live = session(61 * 60);
  const firstSessionP95 = livePushP95(live, 60, 2000);
  livePushP95(live, 60, 2000); // once more while V8 finishes compiling (see the notes)
  const atMinute1 = batchCostAt(live, 1);
  const atMinute60 = batchCostAt(live, 60);

  reprocess(hour, settings); // warm-up
  const [wasmMs, pointsMs, sessionP95s] = [[], [], []] as number[][];
  const start = performance.now();
  for (let round = 0; round < 16 || performance.now() - start < WINDOW_MS; round++) {
    wasmMs.push(msOf(() => reprocess(hour, settings)));
    if (round % 8 === 0) {
      sessionP95s.push(livePushP95(live, 60, 2000));
      pointsMs.push(msOf(() => reprocess(hour, settings, { points: true })));
    }
  }
  const [repsOnly, withPoints, steady] = [bestAndMedian(wasmMs), bestAndMedian(pointsMs), bestAndMedian(sessionP95s)];
  const p95 = steady.best;
  const reps = reprocess(hour, settings).reps.length;
  expect(reps).toBeGreaterThan(800); // the session really is full of reps
  const samplesPerSecond = hour.timeUs.length / (repsOnly.best / 1000);

  const native = nativeThroughput();
  const ratio = atMinute60 / atMinute1;
  record('engine', {
    wasmReprocessSamplesPerSecond: {
      value: samplesPerSecond,
      unit: 'samples/s',
      target: '≥ 30 M',
      met: samplesPerSecond >= 30e6,
      note: `reprocess of 720 000 samples (1 h at 200 Hz), reps only: ${repsOnly.best.toFixed(1)} ms, the best of ${wasmMs.length} over ${WINDOW_MS / 1000} s (median ${repsOnly.median.toFixed(1)} ms), ${reps} reps`,
    },
    wasmReprocessHourWithPoints: {
      value: withPoints.best,
      unit: 'ms',
      // Issue 11: within 20 % of the 84 ms before the accuracy work (commit ec13e6b).
      target: '≤ 100.8 ms',
      met: withPoints.best <= 100.8,
      note: `the same hour with all 11 point columns copied out to JavaScript, the best of ${pointsMs.length} in the same rounds (median ${withPoints.median.toFixed(1)} ms)`,
    },
    livePushP95: { value: p95, unit: 'µs', target: '≤ 10 µs', met: p95 <= 10, note: `one 500 ms batch (100 samples at 200 Hz) per push, 2 000 pushes after a minute, steady state: the lowest of ${sessionP95s.length} sessions in the same rounds (median ${steady.median.toFixed(1)} µs)` },
    livePushP95FirstSession: { value: firstSessionP95, unit: 'µs', note: "the same in a fresh process's first session, while V8 still runs part of the engine in its baseline compiler" },
    incrementalMinute60VsMinute1: {
      value: ratio,
      unit: '×',
      target: '≤ 1.5',
      met: ratio <= 1.5,
      note: `median push of a 500 ms batch: ${(atMinute1 * 1000).toFixed(0)} µs at minute 1, ${(atMinute60 * 1000).toFixed(0)} µs at minute 60`,
    },
    nativeSamplesPerSecond: {
      value: native.samplesPerSecond,
      unit: 'samples/s',
      // Issue 11: within 20 % of the 35.5 M before the accuracy work (commit ec13e6b).
      target: '≥ 28.4 M',
      met: native.samplesPerSecond >= 28.4e6,
      note: `engine-rs/examples/throughput.rs, 1 h at 200 Hz with every point kept, output buffers already sized, the best of ${native.rounds} rounds over 10 s; with fresh output memory each run: ${(native.coldSamplesPerSecond / 1e6).toFixed(1)} M/s`,
    },
    nativeRepsOnlySamplesPerSecond: {
      value: native.repsOnlySamplesPerSecond,
      unit: 'samples/s',
      note: 'the same hour natively, reps only (Engine::without_points): the pipeline without writing the point columns',
    },
  });
});
