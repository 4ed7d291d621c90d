/**
 * Reps on their way from a worker to the main thread, as V8-serialized bytes (the structured
 * clone format postMessage uses anyway), handed over without a copy. The main thread keeps a
 * file's reps as these bytes, about half the size of the objects and outside the JS heap, and
 * turns them into objects only when it prints the file, so the reps of an hour's runs neither
 * pile up in its heap nor churn it while workers are still busy.
 */
import { deserialize, serialize } from 'node:v8';
import type { Rep } from '../src/engine/types';
import type { FileResult } from './fileResult';

/** A FileResult whose runs hold their reps as encoded chunks, in order. */
export interface EncodedFileResult extends Omit<FileResult, 'runs'> {
  runs: (Omit<FileResult['runs'][number], 'reps'> & { reps: Uint8Array[] })[];
}

export function encodeReps(reps: readonly Rep[]): Uint8Array {
  return serialize(reps);
}

export function decodeResult(result: EncodedFileResult): FileResult {
  return { ...result, runs: result.runs.map((run) => ({ ...run, reps: run.reps.flatMap((chunk) => deserialize(chunk) as Rep[]) })) };
}
