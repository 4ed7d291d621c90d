/**
 * Entry of the batch command's worker threads, bundled as dist-cli/worker.js next to the main
 * entry (vite.cli.config.ts) with its own copy of the inlined wasm engine. It takes one file at a
 * time from cli/pool.ts, with the plan given when it was started, and replies with progress, the reps
 * as the engine closes them, and then what the file holds or the problem (the reader's message
 * names the row and column, which the reply also carries).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DebugCsvError } from '../src/csv';
import { createEngine } from '../src/engine';
import { messageOf } from '../src/shared/messageOf';
import { reprocessFile, type BatchPlan, type FileSink } from './batch';
import type { Failure, Job, Reply } from './pool';
import { encodeReps } from './repsWire';

const port = parentPort;
if (port === null) throw new Error('cli/worker.ts runs as a worker thread of the batch command, not on its own');
const plan = workerData as BatchPlan;
const reply = (message: Reply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

port.on('message', (job: Job) => {
  const sink: FileSink = {
    progress: (units) => reply({ kind: 'progress', units }),
    reps: (hz, reps) => {
      const bytes = encodeReps(reps);
      reply({ kind: 'reps', hz, reps: bytes }, [bytes.buffer as ArrayBuffer]);
    },
    ran: (hz, skipped, problems) => reply({ kind: 'ran', hz, skipped, problems }),
  };
  reprocessFile(job.file, plan, createEngine, sink).then(
    (facts) => reply({ kind: 'done', ...facts }),
    (error: unknown) => reply({ kind: 'failed', ...failure(error) }),
  );
});

/** The problem in words, and the row and column when the reader named them. */
function failure(error: unknown): Failure {
  const located = error instanceof DebugCsvError ? error : undefined;
  return { message: messageOf(error), row: located?.row ?? null, column: located?.column ?? null };
}
