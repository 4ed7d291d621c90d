/**
 * A one-hour debug CSV (720 000 rows, 200 Hz from the unit) read into the engine's columns and
 * reprocessed at 100, 200 and 500 Hz must take under 3 s in total, so reprocessing a long
 * recording on the /test screen or with the batch command is a wait of seconds, not minutes; and
 * the reading itself must run at 2 M rows/s or more on both paths that read a debug CSV:
 * - the import worker's (src/csv/debugImport/parseWorker.ts): a Blob's bytes in pieces, each
 *   copied into the engine's wasm memory and read there, the pieces joined into one batch (the
 *   worker itself, in Chromium: bench/browser/importWorker.bench.ts);
 * - the batch command's (cli/batch.ts): the file read from disk in pieces (cli/fileChunks.ts),
 *   the samples kept in the reader's pieces.
 * Each is timed three times after an untimed round that warms the JIT, the best run recorded
 * (the machine is shared); the engine once at each rate, after a warming round. papaparse in
 * fast mode on the same text, each cell through Number() (the TypeScript reader's hot path
 * before the engine's reader replaced it), is timed beside them, so the ratio is one run's. The
 * recording is a yo-yo set (5 turns each way, 2 s per rep, I = 0.05 kg·m²), so the engine does
 * its real work: 1800 reps, each found and summarised.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { expect, it } from 'vitest';
import { reprocess } from '../src/engine';
import { buildDebugCsv, parseDebugCsv, readDebugCsvPieces } from '../src/csv';
import { fileChunks } from '../cli/fileChunks';
import { record } from './record';

const ROWS = 720_000;
const RATES = [100, 200, 500] as const;
const TARGET_MS = 3000;
const TARGET_ROWS_PER_S = 2e6;

function hourOfReps(rows: number): { timeUs: Float64Array; angleDeg: Float64Array } {
  const timeUs = new Float64Array(rows);
  const angleDeg = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    timeUs[i] = 1_000_000 + 5000 * i;
    angleDeg[i] = 1800 * Math.cos((2 * Math.PI * i * 0.005) / 4);
  }
  return { timeUs, angleDeg };
}

/** The best of three timed runs of `read` (ms), after one untimed run. */
async function bestOf3(read: () => Promise<number>, rows: number): Promise<number> {
  expect(await read()).toBe(rows);
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    expect(await read()).toBe(rows);
    times.push(performance.now() - t0);
  }
  return Math.min(...times);
}

/** The old hot path: papaparse's fast mode over whole lines, every cell through Number(). */
function papaparse(text: string): number {
  let rows = 0;
  let sum = 0;
  Papa.parse<string[]>(text.slice(text.indexOf('\n') + 1), {
    delimiter: ',',
    newline: '\r\n',
    fastMode: true,
    skipEmptyLines: true,
    step: ({ data }) => {
      sum += Number(data[0]) + Number(data[1]) + Number(data[2]);
      rows++;
    },
  });
  return Number.isFinite(sum) ? rows : -1;
}

it('reads a one-hour debug CSV at 2 M rows/s or more and reprocesses it at 100, 200 and 500 Hz in under 3 s', async () => {
  const text = buildDebugCsv(hourOfReps(ROWS));
  const blob = new Blob([text], { type: 'text/csv' });
  const dir = mkdtempSync(join(tmpdir(), 'repline-csv-bench-'));
  try {
    const path = join(dir, 'hour.csv');
    writeFileSync(path, text);
    const importMs = await bestOf3(async () => (await parseDebugCsv(blob)).samples.timeUs.length, ROWS);
    const batchMs = await bestOf3(async () => (await readDebugCsvPieces(await fileChunks(path))).pieces.reduce((n, p) => n + p.timeUs.length, 0), ROWS);
    const papaMs = await bestOf3(async () => papaparse(text), ROWS);

    const { samples } = await parseDebugCsv(blob);
    // An untimed round on the first 20 000 samples warms the engine's code, as the reads were warmed.
    for (const hz of RATES) reprocess({ timeUs: samples.timeUs.subarray(0, 20_000), angleDeg: samples.angleDeg.subarray(0, 20_000) }, { hz, inertia: 0.05 });
    const engineMs: number[] = [];
    for (const hz of RATES) {
      const e0 = performance.now();
      // 3600 s of movement at 2 s per rep, less the last one, cut off mid-phase at the end of data.
      expect(reprocess(samples, { hz, inertia: 0.05 }).reps.length).toBeGreaterThanOrEqual(1798);
      engineMs.push(performance.now() - e0);
    }
    const engineTotal = engineMs.reduce((a, b) => a + b, 0);
    const total = importMs + engineTotal;
    const rate = (ms: number) => ROWS / (ms / 1000);
    record('csv', {
      total: { value: total / 1000, unit: 's', target: '< 3 s', met: total < TARGET_MS, note: `${ROWS} rows, ${(blob.size / 1e6).toFixed(1)} MB: the import, then the engine at 3 rates` },
      parse: { value: importMs, unit: 'ms', note: 'the import worker’s path: Blob → SampleBatch (pieces of bytes into the engine’s reader, joined), best of 3' },
      parseRowsPerSecond: { value: rate(importMs), unit: 'rows/s', target: '≥ 2 M', met: rate(importMs) >= TARGET_ROWS_PER_S, note: 'the import worker’s path (parseWorker.ts)' },
      batchReadRowsPerSecond: {
        value: rate(batchMs),
        unit: 'rows/s',
        target: '≥ 2 M',
        met: rate(batchMs) >= TARGET_ROWS_PER_S,
        note: `the batch command’s path: the file from disk in pieces into the engine’s reader, kept in pieces (${batchMs.toFixed(0)} ms), best of 3`,
      },
      papaparseRowsPerSecond: {
        value: rate(papaMs),
        unit: 'rows/s',
        note: `reference, this run: papaparse fast mode and Number() on the same text (${papaMs.toFixed(0)} ms); the engine’s reader is ${(papaMs / importMs).toFixed(1)}× as fast on the import path, ${(papaMs / batchMs).toFixed(1)}× on the batch path`,
      },
      engine100Hz: { value: engineMs[0]!, unit: 'ms' },
      engine200Hz: { value: engineMs[1]!, unit: 'ms' },
      engine500Hz: { value: engineMs[2]!, unit: 'ms' },
      engineShare: { value: engineTotal / total, unit: 'ratio', note: 'engine time / total' },
    });
    expect(total).toBeLessThan(TARGET_MS);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
