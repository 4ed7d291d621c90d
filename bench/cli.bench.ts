/**
 * The batch command, bundled (`dist-cli/`, built here) and run as a child process on one-hour
 * debug CSVs (720 000 samples at 200 Hz) reprocessed at 100, 200 and 500 Hz:
 * - peak memory: one file with `--jobs 1`, the peak resident set size the kernel reports for the
 *   whole process (`process.resourceUsage().maxRSS`, read as the child exits; main thread and
 *   worker, Node included). Target ≤ 150 bytes per input sample. With `--jobs 2` on two files
 *   the same peak holds two workers' files: recorded for information.
 * - `--out`: the same file and rates writing their three session CSVs, the peak next to the run
 *   without `--out`. Target: within 1.5 × of it (the CSVs are streamed from the samples the run
 *   holds anyway).
 * - parallel speed-up: a folder of 8 such files with `--jobs 1` and `--jobs 2`, alternated and
 *   each timed twice (the best of two: the machine is shared), in this one run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildDebugCsv } from '../src/csv';
import { record } from './record';

const ROWS = 720_000;
const FILES = 8;
const REPORT_PEAK = 'process.on("exit", () => process.stderr.write(`maxRSS ${process.resourceUsage().maxRSS}\\n`))';

/** Runs the bundled command; its peak RSS in bytes and its wall time in seconds. */
function reprocess(...args: string[]): { peakBytes: number; seconds: number } {
  const t0 = performance.now();
  const child = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REPORT_PEAK)}`, 'dist-cli/reprocess.js', '--json', '--hz', '100,200,500', '--inertia', '0.05', ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = (performance.now() - t0) / 1000;
  expect(child.status, child.stderr).toBe(0);
  return { peakBytes: Number(/maxRSS (\d+)/.exec(child.stderr)?.[1]) * 1024, seconds };
}

it('reprocesses one-hour debug CSVs within the memory budget, and in parallel', () => {
  execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'repline-cli-bench-'));
  try {
    const timeUs = Float64Array.from({ length: ROWS }, (_, i) => 1_000_000 + 5000 * i);
    const angleDeg = Float64Array.from({ length: ROWS }, (_, i) => 1800 * Math.cos((2 * Math.PI * i * 0.005) / 4));
    const folder = join(dir, 'hours');
    mkdirSync(folder);
    const first = join(folder, 'hour-1.csv');
    writeFileSync(first, buildDebugCsv({ timeUs, angleDeg }));
    for (let i = 2; i <= FILES; i++) copyFileSync(first, join(folder, `hour-${i}.csv`));

    const one = reprocess('--jobs', '1', first);
    const written = reprocess('--jobs', '1', '--out', join(dir, 'out'), first);
    const two = reprocess('--jobs', '2', first, join(folder, 'hour-2.csv'));
    const serial: { peakBytes: number; seconds: number }[] = [];
    const parallel: { peakBytes: number; seconds: number }[] = [];
    for (let round = 0; round < 2; round++) {
      serial.push(reprocess('--jobs', '1', folder));
      parallel.push(reprocess('--jobs', '2', folder));
    }
    const best = (runs: { seconds: number }[]) => Math.min(...runs.map((r) => r.seconds));
    const peak = (runs: { peakBytes: number }[]) => Math.max(...runs.map((r) => r.peakBytes));
    const [s1, s2] = [best(serial), best(parallel)];

    const perSample = one.peakBytes / ROWS;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    record('cli', {
      peakBytesPerSample: {
        value: perSample,
        unit: 'bytes/sample',
        target: '≤ 150',
        met: perSample <= 150,
        note: `--jobs 1: peak RSS ${mb(one.peakBytes)} MB for ${ROWS} samples at 100, 200 and 500 Hz, main thread and worker, Node included; ${one.seconds.toFixed(1)} s`,
      },
      peakBytesPerSampleWithOut: {
        value: written.peakBytes / ROWS,
        unit: 'bytes/sample',
        target: `≤ 1.5 × without --out (${(1.5 * perSample).toFixed(0)})`,
        met: written.peakBytes <= 1.5 * one.peakBytes,
        note: `--jobs 1 --out: peak RSS ${mb(written.peakBytes)} MB (${(written.peakBytes / one.peakBytes).toFixed(2)} × the ${mb(one.peakBytes)} MB without --out), writing three session CSVs of ${ROWS} samples; ${written.seconds.toFixed(1)} s`,
      },
      peakBytesPerSampleTwoWorkers: {
        value: two.peakBytes / ROWS,
        unit: 'bytes/sample',
        note: `--jobs 2, two such files at once: peak RSS ${mb(two.peakBytes)} MB, per sample of one worker's file (${(two.peakBytes / 2 / ROWS).toFixed(0)} per sample of the two files together)`,
      },
      parallelSpeedUp: {
        value: s1 / s2,
        unit: '× (jobs 1 time / jobs 2 time)',
        note: `${FILES} one-hour files at 3 rates: --jobs 1 ${s1.toFixed(1)} s, --jobs 2 ${s2.toFixed(1)} s (best of 2 each, alternated); this machine has 2 cores, shared; peak RSS ${mb(peak(serial))} MB with --jobs 1, ${mb(peak(parallel))} MB with --jobs 2`,
      },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
