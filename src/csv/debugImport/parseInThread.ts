/**
 * The in-thread import of a debug CSV: its bytes in pieces (byteChunks.ts) through the engine's
 * reader (wasmReader.ts), joined into one batch. Run by the import worker, by the page for small
 * files (starting a worker costs more than reading them), and in Node, which has no Web Worker.
 * Loads the engine's wasm: reached through `import()` or the worker only (parseDebugCsv.ts).
 */
import { blobChunks, stringChunks } from './byteChunks';
import { joinPieces, type DebugRecording } from './debugRecording';
import { readDebugCsv } from './wasmReader';

export async function parseInThread(input: Blob | string, onProgress?: (fraction: number) => void): Promise<DebugRecording> {
  const { pieces, dropped, stepUs } = await readDebugCsv(typeof input === 'string' ? stringChunks(input) : blobChunks(input), onProgress);
  return { samples: joinPieces(pieces), dropped, stepUs };
}
