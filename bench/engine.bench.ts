/**
 * Issue 2: the metrics engine's three figures.
 * 1. wasm vs the TypeScript reference port on a one-hour session (720 000 samples at 200 Hz):
 *    whole-session `reprocess`, median of 3; target ≥ 3× faster.
 * 2. Incremental cost of one 500 ms batch (100 samples) at minute 60 vs minute 1 of a live
 *    session: median over 40 consecutive batches each; target ratio ≤ 1.5 (the engine's state
 *    is bounded, so the cost must not grow with the session).
 * 3. Native Rust throughput: `engine-rs/examples/throughput.rs`, built in release mode and run
 *    here; target ≥ 50 M samples/s.
 */
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { createEngine, reprocess, type SampleBatch } from '../src/engine';
import { referenceReprocess } from '../src/engine/reference';
import { medianMs, record } from './record';

const HZ = 200;

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
  samples: number;
  reps: number;
}

function nativeThroughput(): Throughput {
  const cargo = ['cargo', ['run', '--quiet', '--release', '-p', 'repline-engine', '--example', 'throughput']] as const;
  const out = execFileSync(cargo[0], cargo[1], { encoding: 'utf8', timeout: 600_000, stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').pop()!) as Throughput;
}

it('measures wasm against the TypeScript port, incremental cost over an hour, and native throughput', () => {
  const hour = session(3600);
  const settings = { inertia: 0.05 };
  const wasmMs = medianMs(() => reprocess(hour, settings), 3);
  const tsMs = medianMs(() => referenceReprocess(hour, settings), 3);
  const reps = reprocess(hour, settings).reps.length;
  expect(reps).toBeGreaterThan(800); // the session really is full of reps

  const live = session(61 * 60);
  const atMinute1 = batchCostAt(live, 1);
  const atMinute60 = batchCostAt(live, 60);

  const native = nativeThroughput();
  const speedup = tsMs / wasmMs;
  const ratio = atMinute60 / atMinute1;
  record('engine', {
    wasmVsTypeScript: { value: speedup, unit: '×', target: '≥ 3', met: speedup >= 3, note: `reprocess of 720 000 samples: wasm ${wasmMs.toFixed(0)} ms, TypeScript port ${tsMs.toFixed(0)} ms, ${reps} reps` },
    wasmReprocessHour: { value: wasmMs, unit: 'ms', note: 'includes copying every point column out of wasm memory' },
    tsReprocessHour: { value: tsMs, unit: 'ms' },
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
      target: '≥ 50 M',
      met: native.samplesPerSecond >= 50e6,
      note: `engine-rs/examples/throughput.rs, 1 h at 200 Hz, output buffers already sized (as the wasm handle keeps them); with fresh output memory each run: ${(native.coldSamplesPerSecond / 1e6).toFixed(1)} M/s`,
    },
  });
});
