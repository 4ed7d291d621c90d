/**
 * The debug CSV reader of the engine's wasm (engine-rs/src/debug_csv/, its boundary in
 * engine-rs/src/bindings.rs `DebugCsvReader`): each piece of the file's bytes is copied into wasm
 * memory and read there, and the samples are taken out as they fill, in pieces of about
 * {@link PIECE_SAMPLES}. Its refusals become a {@link DebugCsvError} naming the row and column.
 *
 * Importing this module loads the engine's wasm, so the app reaches it only through `import()`
 * (parseDebugCsv.ts) and the import worker: the Workout screen's start-up bundle never holds it.
 */
import { DebugCsvReader, wasmMemory } from '../../../pkg/engine.js';
import type { SampleBatch } from '../../engine/types';
import { DEBUG_COLUMNS } from '../debugCsv';
import type { ByteChunks } from './byteChunks';
import { DebugCsvError } from './debugCsvError';
import type { DebugCsvPieces } from './debugRecording';

/** Samples are taken out once this many are held: the engine's own push size. */
export const PIECE_SAMPLES = 1 << 15;

export async function readDebugCsv({ size, chunks }: ByteChunks, onProgress?: (fraction: number) => void): Promise<DebugCsvPieces> {
  const reader = new DebugCsvReader();
  try {
    const pieces: SampleBatch[] = [];
    let read = 0;
    for await (const chunk of chunks) {
      // Written at once after the await: the address holds only until the next call into the module.
      const at = reader.input(chunk.length);
      new Uint8Array((wasmMemory() as WebAssembly.Memory).buffer, at, chunk.length).set(chunk);
      if (!reader.push(chunk.length)) throw refusal(reader);
      if (reader.held >= PIECE_SAMPLES) pieces.push(take(reader));
      read += chunk.length;
      onProgress?.(size > 0 ? read / size : 1);
    }
    if (!reader.finish()) throw refusal(reader);
    if (reader.held > 0) pieces.push(take(reader));
    const first = reader.firstDroppedRow;
    return { pieces, dropped: { rows: reader.droppedRows, firstRow: first > 0 ? first : null }, stepUs: reader.medianStepUs };
  } finally {
    reader.free();
  }
}

/** The samples held, as views of one array the reader hands over. */
function take(reader: DebugCsvReader): SampleBatch {
  const n = reader.held;
  const [omega, alpha] = [reader.filled(0), reader.filled(1)];
  const all = reader.take();
  const column = (i: number) => all.subarray(i * n, (i + 1) * n);
  const piece: SampleBatch = { timeUs: column(0), angleDeg: column(1) };
  if (omega) piece.angularVelocity = column(2);
  if (alpha) piece.angularAcceleration = column(omega ? 3 : 2);
  return piece;
}

function refusal(reader: DebugCsvReader): DebugCsvError {
  const { problem, row, column } = reader;
  return new DebugCsvError(problem, row > 0 ? row : undefined, column >= 0 ? DEBUG_COLUMNS[column] : undefined);
}
