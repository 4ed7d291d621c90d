/**
 * Imports a debug CSV: for the Test screen, big files are read in a module worker so the page
 * stays responsive, small ones (and everything in Node, which has no Web Worker) in-thread; the
 * batch command reads its files' pieces itself (readPieces.ts). The engine's reader is loaded with
 * `import()` (readPieces.ts), so this module keeps it out of any bundle that imports it (the
 * Workout screen's start-up among them).
 *
 * The import builds a new SampleBatch and nothing else: it never reads or writes the live
 * session's state, so importing while a unit streams cannot disturb the workout.
 * Every problem rejects with a DebugCsvError naming the row and column (engine-rs/src/debug_csv/).
 */
import { DebugCsvError } from './debugCsvError';
import type { DebugRecording } from './debugRecording';
import { parseInThread } from './parseInThread';
import type { ParseReply } from './parseWorker';

export { readDebugCsvPieces } from './readPieces';

/** Above this many bytes (or characters) the read moves to a worker: about 40 000 rows, 3 minutes at 200 Hz. */
export const WORKER_THRESHOLD = 1 << 20;

/**
 * Reads a debug CSV (a File from a file input, any Blob, or text) into samples. `onProgress` receives the share read so far (0–1), after each
 * piece of 256 KiB; a big file reports many times, a small one once.
 */
export function parseDebugCsv(file: Blob | string, onProgress?: (fraction: number) => void): Promise<DebugRecording> {
  const size = typeof file === 'string' ? file.length : file.size;
  if (size > WORKER_THRESHOLD && typeof Worker === 'function' && typeof window !== 'undefined') {
    return parseInWorker(file, onProgress);
  }
  return parseInThread(file, onProgress);
}

function parseInWorker(file: Blob | string, onProgress?: (fraction: number) => void): Promise<DebugRecording> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parseWorker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<ParseReply>) => {
      const reply = event.data;
      if (reply.kind === 'progress') {
        onProgress?.(reply.fraction);
        return;
      }
      worker.terminate();
      if (reply.kind === 'done') resolve(reply.recording);
      else if (reply.kind === 'invalid') reject(new DebugCsvError(reply.problem, reply.row, reply.column));
      else reject(new Error(`Debug CSV import failed in the parser worker: ${reply.message}`));
    });
    worker.addEventListener('error', (event: ErrorEvent) => {
      worker.terminate();
      reject(new Error(`Debug CSV import: the parser worker could not run (${event.message || 'no details'})`));
    });
    worker.addEventListener('messageerror', () => {
      worker.terminate();
      reject(new Error('Debug CSV import: the parser worker sent a reply that could not be read'));
    });
    worker.postMessage(file);
  });
}
