/**
 * The in-thread import: pieces of text from textChunks.ts into a DebugCsvReader. Used by the worker,
 * by the page for small files (starting a worker costs more than parsing them), and in Node (the
 * batch command and the tests), where there is no Web Worker.
 */
import type { SampleBatch } from '../../engine/types';
import { DebugCsvReader } from './debugCsvReader';
import { textChunks } from './textChunks';

export async function readDebugCsv(input: Blob | string, onProgress?: (fraction: number) => void): Promise<SampleBatch> {
  return (await readAll(input, onProgress)).finish();
}

/** The samples in pieces of at most 64 Ki samples (DebugCsvReader.finishInPieces): for the batch command. */
export async function readDebugCsvInPieces(input: Blob | string, onProgress?: (fraction: number) => void): Promise<SampleBatch[]> {
  return (await readAll(input, onProgress)).finishInPieces();
}

async function readAll(input: Blob | string, onProgress?: (fraction: number) => void): Promise<DebugCsvReader> {
  const reader = new DebugCsvReader();
  for await (const { text, fraction } of textChunks(input)) {
    reader.push(text);
    onProgress?.(fraction);
  }
  return reader;
}
