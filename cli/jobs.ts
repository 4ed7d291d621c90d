/**
 * How many files the command processes at once: what `--jobs` asks (one per core by default),
 * but never more than the machine can run. Each file is read and reprocessed in a worker thread
 * of its own, which holds that file's samples until its last rate is done, so:
 * - one worker per core at most (`os.availableParallelism()`): more threads than cores finish no
 *   sooner, and each holds its file meanwhile;
 * - no more workers than half the memory available holds, each counted at {@link WORKER_BYTES}
 *   (a thread with its own V8 isolate and wasm engine) plus {@link BYTES_PER_FILE_BYTE} times the
 *   largest input's size (any worker may take it); the other half is the rest of the machine's;
 * - no more workers than files.
 * Both figures are set above what a worker measures (peak resident memory with one worker and
 * two, a small file and an hour's: bench/cli.bench.ts), so the cap errs on the side of memory.
 */
import { availableParallelism, freemem } from 'node:os';
import { stat } from 'node:fs/promises';

/** A worker thread with nothing to do yet: V8's isolate, Node's worker, the engine compiled. */
export const WORKER_BYTES = 16 * 1024 * 1024;
/** A worker's peak per byte of its file: the samples it read (16 to 32 bytes each, a row being 25 to 45 bytes) and the engine's memory at three rates. */
export const BYTES_PER_FILE_BYTE = 2;

export interface Machine {
  cores: number;
  /** Memory the command may still take, bytes. */
  availableBytes: number;
}

export function workerCount(requested: number, files: number, largestFileBytes: number, machine: Machine): number {
  const perWorker = WORKER_BYTES + BYTES_PER_FILE_BYTE * largestFileBytes;
  const byMemory = Math.floor(machine.availableBytes / 2 / perWorker);
  return Math.max(1, Math.min(requested, files, machine.cores, byMemory));
}

/** This machine: its cores, and the memory available to the process (the system's free memory, or what a container's limit leaves, whichever is less). */
export function thisMachine(): Machine {
  const limit = process.constrainedMemory?.() ?? 0;
  const free = freemem();
  const available = limit > 0 ? Math.min(free, limit - process.memoryUsage.rss()) : free;
  return { cores: availableParallelism(), availableBytes: Math.max(0, available) };
}

/** The size of the largest of `files`, bytes (a file that cannot be read counts 0: it fails by itself). */
export async function largestFile(files: readonly string[]): Promise<number> {
  const sizes = await Promise.all(files.map((file) => stat(file).then((s) => s.size, () => 0)));
  return Math.max(0, ...sizes);
}
