/**
 * Module worker that parses a big debug CSV off the main thread, so the /test screen keeps
 * painting its progress bar while an hour of samples is read. Started by parseDebugCsv.ts with
 * `new Worker(new URL('./parseWorker.ts', import.meta.url), { type: 'module' })` (no blob: URL, so a
 * strict CSP allows it). One request per worker: the caller terminates it after the reply.
 */
import type { SampleBatch } from '../../engine/types';
import { DebugCsvError } from './debugCsvError';
import { parseInThread } from './parseInThread';

/** Messages from the worker to the page. */
export type ParseReply =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; batch: SampleBatch }
  | { kind: 'invalid'; problem: string; row?: number; column?: string }
  | { kind: 'failed'; message: string };

function reply(message: ParseReply, transfer: Transferable[] = []): void {
  self.postMessage(message, { transfer });
}

self.addEventListener('message', (event: MessageEvent<Blob | string>) => {
  parseInThread(event.data, (fraction) => reply({ kind: 'progress', fraction })).then(
    (batch) => {
      const arrays = [batch.timeUs, batch.angleDeg, batch.angularVelocity, batch.angularAcceleration];
      reply({ kind: 'done', batch }, arrays.flatMap((a) => (a === undefined ? [] : [a.buffer as ArrayBuffer])));
    },
    (error: unknown) => {
      if (error instanceof DebugCsvError) reply({ kind: 'invalid', problem: error.problem, row: error.row, column: error.column });
      else reply({ kind: 'failed', message: String(error) });
    },
  );
});
