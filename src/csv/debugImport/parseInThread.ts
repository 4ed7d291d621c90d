/**
 * The in-thread import of a debug CSV: its bytes in pieces (byteChunks.ts) through the engine's
 * reader (readPieces.ts), joined into one batch. Run by the import worker, by the page for small
 * files (starting a worker costs more than reading them), and in Node, which has no Web Worker.
 */
import { blobChunks, stringChunks } from './byteChunks';
import { joinPieces, type DebugRecording } from './debugRecording';
import { readDebugCsvPieces } from './readPieces';

export async function parseInThread(input: Blob | string, onProgress?: (fraction: number) => void): Promise<DebugRecording> {
  const { pieces, dropped, stepUs } = await readDebugCsvPieces(typeof input === 'string' ? stringChunks(input) : blobChunks(input), onProgress);
  return { samples: joinPieces(pieces), dropped, stepUs };
}
