/**
 * The in-thread import: pieces of text from textChunks.ts into a ChunkParser. Used by the worker,
 * by the page for small files (starting a worker costs more than parsing them), and in Node (the
 * batch command and the tests), where there is no Web Worker.
 */
import type { SampleBatch } from '../../engine/types';
import { ChunkParser } from './chunkParser';
import { textChunks } from './textChunks';

export async function parseInThread(input: Blob | string, onProgress?: (fraction: number) => void): Promise<SampleBatch> {
  return (await parseAll(input, onProgress)).finish();
}

/** The samples in pieces of at most 64 Ki samples (ChunkParser.finishInPieces): for the batch command. */
export async function parseInThreadInPieces(input: Blob | string, onProgress?: (fraction: number) => void): Promise<SampleBatch[]> {
  return (await parseAll(input, onProgress)).finishInPieces();
}

async function parseAll(input: Blob | string, onProgress?: (fraction: number) => void): Promise<ChunkParser> {
  const parser = new ChunkParser();
  for await (const { text, fraction } of textChunks(input)) {
    parser.push(text);
    onProgress?.(fraction);
  }
  return parser;
}
