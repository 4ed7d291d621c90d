/**
 * What the batch command learnt of one file: its facts and one run per sampling rate. Plain
 * data: a worker thread makes it (batch.ts), the pool carries it (repsWire.ts), and the summary,
 * the JSON and the no-rep reason (noReps.ts) read it.
 */
import type { Rep, SampleProblems } from '../src/engine/types';
import type { DroppedRows } from '../src/csv';

/** One sampling rate's run of one file. */
export interface FileRun {
  hz: number;
  reps: Rep[];
  /** Samples the engine dropped (time not increasing, a value not finite). */
  skipped: number;
  /** What else the engine set aside: glitches rejected, wraps undone, saturation, refused reps. */
  problems: SampleProblems;
}

export interface FileResult {
  file: string;
  /** Sample rows read from the file. */
  samples: number;
  /** How far the rope moved over the file: the span of |angle|, ° (noReps.ts `ropeTravel`). */
  travelDeg: number;
  /** Samples the engine dropped (the same at every rate: it depends on the input only). */
  skipped: number;
  /** Rows the reader dropped because their time was not after the row before (src/csv `DroppedRows`). */
  dropped: DroppedRows;
  /** The file's own step between samples, the median, µs (0 with one sample). */
  stepUs: number;
  runs: FileRun[];
}
