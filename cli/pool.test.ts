/**
 * The worker pool with a stand-in worker script (plain JavaScript, written to a temp folder): it
 * answers as cli/worker.ts does, after a delay named in the file name, crashes on "crash" and
 * never answers "hang".
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInWorkers, type Outcome } from './pool';

const STAND_IN = `
import { parentPort } from 'node:worker_threads';
import { serialize } from 'node:v8';
parentPort.on('message', ({ file }) => {
  if (file === 'crash') process.exit(3);
  if (file === 'bad') return parentPort.postMessage({ kind: 'failed', message: 'row 2: bad' });
  if (file === 'hang') return;
  setTimeout(() => {
    parentPort.postMessage({ kind: 'progress', units: 1 });
    parentPort.postMessage({ kind: 'reps', hz: 100, reps: serialize([{ count: 1 }]) });
    parentPort.postMessage({ kind: 'ran', hz: 100, skipped: 2 });
    parentPort.postMessage({ kind: 'done', samples: file.length, travelDeg: 360 });
  }, Number(file.split('-')[1] ?? 0));
});
`;

let dir: string;
let entry: URL;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'repline-pool-'));
  writeFileSync(join(dir, 'standIn.mjs'), STAND_IN);
  entry = pathToFileURL(join(dir, 'standIn.mjs'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `stopAfter`: aborts the run once that many files are settled. */
async function run(files: string[], jobs: number, stopAfter?: number): Promise<{ settled: [number, Outcome][]; progress: [number, number][] }> {
  const settled: [number, Outcome][] = [];
  const progress: [number, number][] = [];
  const stop = new AbortController();
  const plan = { rates: [100], settings: { inertia: 0, mass: 85, radius: 0.014, warmup: 1, calcAngularVelocity: false, calcAngularAcceleration: true } };
  await runInWorkers(
    files.map((file, index) => ({ index, file })),
    jobs,
    plan,
    entry,
    {
      progress: (index, units) => progress.push([index, units]),
      settled: (index, outcome) => {
        settled.push([index, outcome]);
        if (settled.length === stopAfter) stop.abort();
      },
    },
    stop.signal,
  );
  return { settled, progress };
}

describe('runInWorkers', () => {
  it('settles every file by its index, a slow one after the quicker ones started after it', async () => {
    const { settled, progress } = await run(['a-300', 'b-0', 'c-0'], 2);
    expect(settled.map(([index]) => index)).toEqual([1, 2, 0]);
    expect(progress.sort()).toEqual([[0, 1], [1, 1], [2, 1]]);
    const [, outcome] = settled.find(([index]) => index === 0)!;
    expect(outcome).toEqual({ ok: true, result: { file: 'a-300', samples: 5, travelDeg: 360, skipped: 2, runs: [{ hz: 100, skipped: 2, reps: [expect.any(Uint8Array)] }] } });
  });

  it('stops at once when told: the files under way and those not begun are never settled', async () => {
    // The worker with "hang" never answers: the run ends only if that worker is terminated.
    const { settled } = await run(['a-0', 'hang', 'c-0', 'd-0'], 2, 1);
    expect(settled.map(([index]) => index)).toEqual([0]);
  });

  it('fails a bad file by its message, and the file a crashing worker had; a new worker takes the rest', async () => {
    const { settled } = await run(['a', 'bad', 'crash', 'b'], 1);
    expect(settled.map(([index, outcome]) => [index, outcome.ok ? 'ok' : outcome.message])).toEqual([
      [0, 'ok'],
      [1, 'row 2: bad'],
      [2, 'the worker thread stopped (exit code 3)'],
      [3, 'ok'],
    ]);
  });
});
