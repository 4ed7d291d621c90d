/**
 * Module worker that reads a big debug CSV off the main thread, so the /test screen keeps
 * painting its progress bar while an hour of samples is read. Started by parseDebugCsv.ts with
 * `new Worker(new URL('./parseWorker.ts', import.meta.url), { type: 'module' })` (no blob: URL, so a
 * strict CSP allows it); it loads the engine's wasm for its reader. One request per worker: the
 * caller terminates it after the reply.
 */
import { DebugCsvError } from './debugCsvError';
import type { DebugRecording } from './debugRecording';
import { parseInThread } from './parseInThread';

/** Messages from the worker to the page. */
export type ParseReply =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; recording: DebugRecording }
  | { kind: 'invalid'; problem: string; row?: number; column?: string }
  | { kind: 'failed'; message: string };

function reply(message: ParseReply, transfer: Transferable[] = []): void {
  self.postMessage(message, { transfer });
}

self.addEventListener('message', (event: MessageEvent<Blob | string>) => {
  parseInThread(event.data, (fraction) => reply({ kind: 'progress', fraction })).then(
    (recording) => {
      const { timeUs, angleDeg, angularVelocity, angularAcceleration } = recording.samples;
      const arrays = [timeUs, angleDeg, angularVelocity, angularAcceleration];
      reply({ kind: 'done', recording }, arrays.flatMap((a) => (a === undefined ? [] : [a.buffer as ArrayBuffer])));
    },
    (error: unknown) => {
      if (error instanceof DebugCsvError) reply({ kind: 'invalid', problem: error.problem, row: error.row, column: error.column });
      else reply({ kind: 'failed', message: String(error) });
    },
  );
});
