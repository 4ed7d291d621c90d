/**
 * The batch command's worker threads: at most `jobs` files at once, each worker taking the next
 * file as soon as it is done with one (so one long recording does not hold up the rest). Each
 * worker (cli/worker.ts) has its own wasm engine and sends the reps as they close, encoded
 * (repsWire.ts); files keep their number in the input, and the
 * caller hears of progress and outcomes by that number, whatever order the workers finish in.
 *
 * A worker that dies (a crash, not a bad file: those are replies) fails the file it had, and a
 * new worker takes the remaining files. When `stop` is aborted (nobody reads the output any
 * more), the workers are terminated at once and the files they had, and those not begun, are
 * never settled.
 */
import { Worker } from 'node:worker_threads';
import type { BatchPlan, FileFacts } from './batch';
import type { EncodedFileResult } from './repsWire';
import type { SampleProblems } from '../src/engine/types';
import { NO_PROBLEMS } from '../src/rules/sampleProblems';

/** One file for a worker: main thread → worker. */
export interface Job {
  file: string;
}

/** Why a file failed: the message, and the row and column of the file when the reader named them. */
export interface Failure {
  message: string;
  row: number | null;
  column: string | null;
}

/** Worker → main thread, about the job it has: progress and runs as they come, then done or failed. */
export type Reply =
  | { kind: 'progress'; units: number }
  | { kind: 'reps'; hz: number; reps: Uint8Array }
  | { kind: 'ran'; hz: number; skipped: number; problems: SampleProblems }
  | ({ kind: 'done' } & FileFacts)
  | ({ kind: 'failed' } & Failure);

export type Outcome = { ok: true; result: EncodedFileResult } | ({ ok: false } & Failure);

/** A problem no reader located (a worker that died, a file that could not be reached, an output taken). */
export const unlocated = (message: string): Failure => ({ message, row: null, column: null });

export interface PoolEvents {
  /** Work done on file `index` so far, in reprocessFile's units. */
  progress(index: number, units: number): void;
  settled(index: number, outcome: Outcome): void;
}

/**
 * A worker's young generation, MB. V8 grows it to 32 MB under the parser's stream of short-lived
 * strings; dead objects are all it would hold, so a small one costs a little time and saves most
 * of that memory.
 */
const YOUNG_GENERATION_MB = 4;

export async function runInWorkers(files: readonly { index: number; file: string }[], jobs: number, plan: BatchPlan, entry: URL, events: PoolEvents, stop?: AbortSignal): Promise<void> {
  const queue = [...files];
  const start = () => new Worker(entry, { workerData: plan, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  const stopped = () => stop?.aborted === true;
  const lane = async () => {
    let worker: Worker | undefined;
    try {
      for (let next = queue.shift(); next !== undefined && !stopped(); next = queue.shift()) {
        const { index, file } = next;
        worker ??= start();
        const { outcome, workerDied } = await runJob(worker, { file }, (units) => events.progress(index, units), stop);
        if (stopped()) return;
        // A worker with no file left stops before its last outcome is handed on, so that the
        // caller's output of that file (megabytes of JSON for an hour) never adds to its memory.
        if (workerDied || queue.length === 0) {
          await worker.terminate();
          worker = undefined;
        }
        events.settled(index, outcome);
      }
    } finally {
      await worker?.terminate();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, lane));
}

function runJob(worker: Worker, job: Job, progress: (units: number) => void, stop?: AbortSignal): Promise<{ outcome: Outcome; workerDied: boolean }> {
  return new Promise((resolve) => {
    const runs: EncodedFileResult['runs'] = [];
    const runAt = (hz: number) => {
      if (runs.at(-1)?.hz !== hz) runs.push({ hz, reps: [], skipped: 0, problems: NO_PROBLEMS });
      return runs.at(-1)!;
    };
    const settle = (outcome: Outcome, workerDied = false) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      stop?.removeEventListener('abort', onStop);
      resolve({ outcome, workerDied });
    };
    const onMessage = (reply: Reply) => {
      if (reply.kind === 'progress') progress(reply.units);
      else if (reply.kind === 'reps') runAt(reply.hz).reps.push(reply.reps);
      else if (reply.kind === 'ran') Object.assign(runAt(reply.hz), { skipped: reply.skipped, problems: reply.problems });
      else if (reply.kind === 'done') {
        const { kind: _, ...facts } = reply;
        settle({ ok: true, result: fileResult(job.file, facts, runs) });
      } else settle({ ok: false, message: reply.message, row: reply.row, column: reply.column });
    };
    const onError = (error: Error) => settle({ ok: false, ...unlocated(`the worker thread failed: ${error.message}`) }, true);
    const stopped = (why: string) => settle({ ok: false, ...unlocated(`the worker thread stopped (${why})`) }, true);
    const onExit = (code: number) => stopped(`exit code ${code}`);
    const onStop = () => stopped('the command was stopped');
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    stop?.addEventListener('abort', onStop);
    // A worker that stopped between two files (its threadId is then -1) would never answer.
    if (worker.threadId === -1) stopped('before this file');
    else worker.postMessage(job);
  });
}

/** The file's result from its runs; the engine drops the same samples at every rate (it depends on the input only), so `skipped` is any run's. */
function fileResult(file: string, facts: FileFacts, runs: EncodedFileResult['runs']): EncodedFileResult {
  return { file, ...facts, skipped: Math.max(0, ...runs.map((run) => run.skipped)), runs };
}
