/**
 * What reading a debug CSV gives besides its samples: the rows dropped because their time was not
 * after the row before's (a repeated line, two lines swapped, two samples with the same time:
 * engine-rs/src/debug_csv/order.rs decides which of two rows out of order goes), and the file's
 * own sampling step, the median step between the rows kept (engine-rs/src/debug_csv/interval.rs),
 * from which the rate it was recorded at is told.
 */
import type { SampleBatch } from '../../engine/types';

export interface DroppedRows {
  /** How many rows were dropped. */
  rows: number;
  /** The first of them, as the file's rows are numbered (the header is row 1); null when none was. */
  firstRow: number | null;
}

/** A debug CSV read into pieces of samples (in order; the batch command feeds the engine one piece a push). */
export interface DebugCsvPieces {
  pieces: SampleBatch[];
  dropped: DroppedRows;
  /** The median step between the samples kept, µs; 0 with one sample. */
  stepUs: number;
}

/** A debug CSV read into one batch, for the Test screen. */
export interface DebugRecording {
  samples: SampleBatch;
  dropped: DroppedRows;
  /** The median step between the samples kept, µs; 0 with one sample. */
  stepUs: number;
}

export const NO_DROPPED_ROWS: DroppedRows = { rows: 0, firstRow: null };

/** The pieces' samples in one batch, each column one exact array. */
export function joinPieces(pieces: readonly SampleBatch[]): SampleBatch {
  const join = (column: (piece: SampleBatch) => Float64Array) => {
    const all = new Float64Array(pieces.reduce((n, piece) => n + piece.timeUs.length, 0));
    let at = 0;
    for (const piece of pieces) {
      all.set(column(piece), at);
      at += piece.timeUs.length;
    }
    return all;
  };
  const batch: SampleBatch = { timeUs: join((p) => p.timeUs), angleDeg: join((p) => p.angleDeg) };
  if (pieces[0]?.angularVelocity !== undefined) batch.angularVelocity = join((p) => p.angularVelocity!);
  if (pieces[0]?.angularAcceleration !== undefined) batch.angularAcceleration = join((p) => p.angularAcceleration!);
  return batch;
}
