/**
 * The in-thread import: pieces of text from textChunks.ts into a DebugCsvReader. Used by the worker,
 * by the page for small files (starting a worker costs more than parsing them), and in Node (the
 * batch command and the tests), where there is no Web Worker.
 */
import type { SampleBatch } from '../../engine/types';
import { DebugCsvReader } from './debugCsvReader';
import { textChunks } from './textChunks';

export async function readDebugCsv(input: Blob | string, onProgress?: (fraction: number) => void): Promise<SampleBatch> {
  const reader = new DebugCsvReader();
  for await (const { text, fraction } of textChunks(input)) {
    reader.push(text);
    onProgress?.(fraction);
  }
  return reader.finish();
}
