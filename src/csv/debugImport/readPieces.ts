/**
 * A debug CSV's bytes through the engine's reader (src/engine/debugCsvReader.ts, loaded with the
 * same `import()` as the engine, so the Workout screen's start-up never holds it), into pieces of
 * samples; its refusal becomes a DebugCsvError naming the row and column.
 */
import { DEBUG_COLUMNS } from '../debugCsv';
import type { ByteChunks } from './byteChunks';
import { DebugCsvError } from './debugCsvError';
import type { DebugCsvPieces } from './debugRecording';

/** The samples of a debug CSV's bytes in pieces of about 32 Ki samples, as read (no joined copy): the batch command feeds the engine one piece a push. */
export async function readDebugCsvPieces(bytes: ByteChunks, onProgress?: (fraction: number) => void): Promise<DebugCsvPieces> {
  const { readDebugCsvBytes } = await import('../../engine/wasmEngine');
  const read = await readDebugCsvBytes(bytes, onProgress);
  if (!read.ok) throw new DebugCsvError(read.problem, read.row > 0 ? read.row : undefined, read.column >= 0 ? DEBUG_COLUMNS[read.column] : undefined);
  return { pieces: read.pieces, dropped: { rows: read.droppedRows, firstRow: read.firstDroppedRow > 0 ? read.firstDroppedRow : null }, stepUs: read.stepUs };
}
