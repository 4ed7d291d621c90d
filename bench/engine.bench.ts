/**
 * The metrics engine's figures, measured in one run, each beside the last run's (`record`
 * keeps it in bench/results.json as `previous`, with that run's commit) and against the fixed
 * baselines its target names. The two cores are shared with other work that comes in bursts
 * (`WINDOW_MS`): each timing is the best of many runs (the least disturbed) spread over half a
 * minute, as the native figure is over ten seconds, with the median in its note.
 * 1. Whole-session reprocessing through the wasm engine in Node (its SIMD build, which Node and
 *    every current browser load: src/engine/glue.ts), reps only (what the batch
 *    command asks for): samples per second on a one-hour session (720 000 samples at 200 Hz);
 *    target ≥ 35 M (issue 30: the previous release's 34.8 M, robustness kept). With every point
 *    column copied out too, in the same rounds: within 20 % of the 84 ms of commit ec13e6b,
 *    before the accuracy work (issue 11).
 * 2. Live: one 500 ms batch (100 samples) pushed at a time, as the app does; p95 over 2 000
 *    batches after a minute of session; target ≤ 6 µs (issue 30: the previous release's 5.36), in
 *    the steady state: the lowest p95 of the sessions in the same rounds.
 * 1 and 2 side by side with the previous release's engine (`PREVIOUS_RELEASE`: its pkg/ and
 *    src/engine/ taken from git into a temporary folder), timed in the same rounds, alternating:
 *    the machine's other work moves every figure between runs, the ratio hardly. V8 runs WebAssembly in its baseline compiler (Liftoff)
 *    until it has compiled optimised code, which for the engine's larger functions takes a
 *    while: a fresh process's first session is slower, and is recorded too
 *    (livePushP95FirstSession, no target; with --no-liftoff it is as fast as the steady state).
 *    And the median push at minute 60 vs minute 1 (bounded state: ≤ 1.5).
 * 1 and 2 on the plain build too (pkg/, for runtimes without WebAssembly SIMD), in the same
 *    rounds, for information.
 * 3. Native Rust throughput: `engine-rs/examples/throughput.rs` (points kept, within 20 % of the
 *    35.5 M samples/s of commit ec13e6b; reps only too, for information), built in release mode and
 *    run here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { createEngine, reprocess, type SampleBatch } from '../src/engine';
import { HZ, session } from './hourSession';
import { bestAndMedian, msOf, record, type Figure } from './record';

/**
 * The previous release's engine: the commit of its engine (pkg/ and src/engine/) when its bench
 * run (commit fc9ede4, bench/results.json) gave 34.8 M samples/s reps only and a live p95 of
 * 5.36 µs, the figures issue 30 holds the engine to.
 */
const PREVIOUS_RELEASE = { commit: '6234ab5', samplesPerSecond: 34.8e6, livePushP95: 5.36 };

type Facade = { reprocess: typeof reprocess; createEngine: typeof createEngine };

/** The previous release's facade, from git into a temporary folder; undefined without git history. */
async function previousRelease(): Promise<{ engine: Facade; dispose: () => void } | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'repline-release-'));
  try {
    const tar = execFileSync('git', ['archive', '--format=tar', PREVIOUS_RELEASE.commit, 'pkg', 'src/engine', 'src/shared'], { maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    const engine = (await import(/* @vite-ignore */ join(dir, 'src/engine/index.ts'))) as Facade;
    return { engine, dispose: () => rmSync(dir, { recursive: true, force: true }) };
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

/** The facade over the plain build (pkg/): glue.ts loaded afresh with no SIMD reported. */
async function plainBuild(): Promise<Facade> {
  vi.resetModules();
  vi.doMock('wasm-feature-detect', () => ({ simd: async () => false }));
  try {
    return (await import('../src/engine/wasmEngine')) as Facade;
  } finally {
    vi.doUnmock('wasm-feature-detect');
  }
}

/**
 * The other work on this machine's two cores comes in bursts that slow a run 1.6–1.8× for 10–60 s
 * at a time, with quiet spells of 10–20 s between (observed on 2026-11-24, the same hour timed
 * every 15 s). A few runs in a row can all fall in one burst, so the whole-hour and live timings
 * are taken round after round for this long, and each figure is the best round, the median
 * beside it in the note.
 */
const WINDOW_MS = 30_000;

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
function livePushP95(b: SampleBatch, warmS: number, count: number, create: typeof createEngine = createEngine): number {
  const engine = create({ inertia: 0.05 });
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

it('measures the wasm engine whole-session and live, and native throughput', async () => {
  const release = await previousRelease();
  const plain = await plainBuild();
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
  plain.reprocess(hour, settings);
  livePushP95(live, 60, 2000, plain.createEngine);
  livePushP95(live, 60, 2000, plain.createEngine);
  if (release) {
    release.engine.reprocess(hour, settings);
    livePushP95(live, 60, 2000, release.engine.createEngine);
    livePushP95(live, 60, 2000, release.engine.createEngine);
  }
  const [wasmMs, pointsMs, sessionP95s, releaseMs, releaseP95s, plainMs, plainP95s] = [[], [], [], [], [], [], []] as number[][];
  const start = performance.now();
  for (let round = 0; round < 16 || performance.now() - start < WINDOW_MS; round++) {
    wasmMs.push(msOf(() => reprocess(hour, settings)));
    if (release) releaseMs.push(msOf(() => release.engine.reprocess(hour, settings)));
    plainMs.push(msOf(() => plain.reprocess(hour, settings)));
    if (round % 8 === 0) {
      sessionP95s.push(livePushP95(live, 60, 2000));
      plainP95s.push(livePushP95(live, 60, 2000, plain.createEngine));
      if (release) releaseP95s.push(livePushP95(live, 60, 2000, release.engine.createEngine));
      pointsMs.push(msOf(() => reprocess(hour, settings, { points: true })));
    }
  }
  release?.dispose();
  const [repsOnly, withPoints, steady] = [bestAndMedian(wasmMs), bestAndMedian(pointsMs), bestAndMedian(sessionP95s)];
  const [plainRepsOnly, plainSteady] = [bestAndMedian(plainMs), bestAndMedian(plainP95s)];
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
      target: '≥ 35 M',
      met: samplesPerSecond >= 35e6,
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
    livePushP95: { value: p95, unit: 'µs', target: '≤ 6 µs', met: p95 <= 6, note: `one 500 ms batch (100 samples at 200 Hz) per push, 2 000 pushes after a minute, steady state: the lowest of ${sessionP95s.length} sessions in the same rounds (median ${steady.median.toFixed(1)} µs)` },
    ...sideBySide(release !== undefined, hour.timeUs.length, { repsOnlyMs: repsOnly.best, releaseMs: releaseMs, p95, releaseP95s }),
    wasmPlainReprocessSamplesPerSecond: {
      value: hour.timeUs.length / (plainRepsOnly.best / 1000),
      unit: 'samples/s',
      note: `the same hour on the plain build (pkg/, what runtimes without WebAssembly SIMD load), in the same rounds: ${plainRepsOnly.best.toFixed(1)} ms best of ${plainMs.length} (median ${plainRepsOnly.median.toFixed(1)} ms)`,
    },
    livePushP95Plain: {
      value: plainSteady.best,
      unit: 'µs',
      note: `the live p95 on the plain build in the same rounds, the lowest of ${plainP95s.length} sessions (median ${plainSteady.median.toFixed(1)} µs)`,
    },
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

/**
 * The previous release's engine beside this one, timed in the same rounds: its samples/s and live
 * p95 now, and this engine's as a share of them (what the machine's load does not move); its
 * recorded figures in the note. Empty without git history.
 */
function sideBySide(
  measured: boolean,
  samples: number,
  { repsOnlyMs, releaseMs, p95, releaseP95s }: { repsOnlyMs: number; releaseMs: number[]; p95: number; releaseP95s: number[] },
): Record<string, Figure> {
  if (!measured) return {};
  const [release, releaseP95] = [bestAndMedian(releaseMs), bestAndMedian(releaseP95s)];
  const releaseRate = samples / (release.best / 1000);
  const recorded = `the previous release (engine ${PREVIOUS_RELEASE.commit}) recorded ${(PREVIOUS_RELEASE.samplesPerSecond / 1e6).toFixed(1)} M samples/s and a live p95 of ${PREVIOUS_RELEASE.livePushP95} µs`;
  return {
    previousReleaseWasmReprocessSamplesPerSecond: {
      value: releaseRate,
      unit: 'samples/s',
      note: `the previous release's engine (${PREVIOUS_RELEASE.commit}, from git) on the same hour, reps only, alternating with this one in the same rounds: ${release.best.toFixed(1)} ms best of ${releaseMs.length} (median ${release.median.toFixed(1)} ms); ${recorded}`,
    },
    wasmReprocessVsPreviousRelease: {
      value: release.best / repsOnlyMs,
      unit: '×',
      target: '≥ 1',
      met: release.best / repsOnlyMs >= 1,
      note: "this engine's samples/s as a share of the previous release's, measured side by side (best against best)",
    },
    previousReleaseLivePushP95: {
      value: releaseP95.best,
      unit: 'µs',
      note: `the previous release's live p95 in the same rounds, the lowest of ${releaseP95s.length} sessions (median ${releaseP95.median.toFixed(1)} µs); this engine's ${p95.toFixed(2)} µs is ${(p95 / releaseP95.best).toFixed(2)}× it`,
    },
  };
}
