/**
 * The debug CSV reader of the engine's wasm (engine-rs/src/debug_csv/, its boundary in
 * engine-rs/src/bindings.rs `DebugCsvReader`): each piece of a file's bytes is copied into wasm
 * memory and read there, and the samples are taken out as they fill, in pieces of about
 * {@link PIECE_SAMPLES}. A refusal comes back as data (its sentence, row and column index), which
 * the CSV import (src/csv/debugImport/) turns into its row-and-column error.
 *
 * Reached through `wasmEngine.ts`, so that the CSV import loads it with the same `import()` that
 * loads the engine, one chunk for both: never in the Workout screen's start-up bundle.
 */
import { DebugCsvReader, wasmMemory } from './glue';
import type { SampleBatch } from './types';

/** Samples are taken out once this many are held: the engine's own push size. */
export const PIECE_SAMPLES = 1 << 15;

/** What reading a debug CSV's bytes gave. */
export type DebugCsvRead =
  | {
      ok: true;
      /** The samples in order, in pieces. */
      pieces: SampleBatch[];
      /** Rows dropped because their time was not after the row before's (engine-rs/src/debug_csv/order.rs), and the first of them (0 when none). */
      droppedRows: number;
      firstDroppedRow: number;
      /** The median step between the samples kept, µs (engine-rs/src/debug_csv/interval.rs); 0 with one sample. */
      stepUs: number;
    }
  /** `row` 0 when the problem is on no row, `column` (an index into the header) -1 when it is not one cell. */
  | { ok: false; problem: string; row: number; column: number };

/** A file's bytes in pieces, each the reader's until it asks for the next. */
export interface BytePieces {
  size: number;
  chunks: AsyncIterable<Uint8Array>;
}

export async function readDebugCsvBytes({ size, chunks }: BytePieces, onProgress?: (fraction: number) => void): Promise<DebugCsvRead> {
  const reader = new DebugCsvReader();
  try {
    const pieces: SampleBatch[] = [];
    let read = 0;
    for await (const chunk of chunks) {
      // Written at once after the await: the address holds only until the next call into the module.
      const at = reader.input(chunk.length);
      new Uint8Array((wasmMemory() as WebAssembly.Memory).buffer, at, chunk.length).set(chunk);
      if (!reader.push(chunk.length)) return refusal(reader);
      if (reader.held >= PIECE_SAMPLES) pieces.push(take(reader));
      read += chunk.length;
      onProgress?.(size > 0 ? read / size : 1);
    }
    if (!reader.finish()) return refusal(reader);
    if (reader.held > 0) pieces.push(take(reader));
    return { ok: true, pieces, droppedRows: reader.droppedRows, firstDroppedRow: reader.firstDroppedRow, stepUs: reader.medianStepUs };
  } finally {
    reader.free();
  }
}

/** The header's names as the reader expects them (the CSV writer's must be the same: a test holds them equal). */
export function debugCsvColumns(): string[] {
  return DebugCsvReader.columns();
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

function refusal(reader: DebugCsvReader): DebugCsvRead {
  return { ok: false, problem: reader.problem, row: reader.row, column: reader.column };
}
