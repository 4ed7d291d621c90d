/**
 * The debug CSV: every raw sample of a session, so a recording can be imported on the /test
 * screen or by the batch command and reprocessed at any sampling rate (docs/behaviour.md §3).
 *
 * ```text
 * #, Angle, Time (µs), Angular Velocity (rad/s), Angular Acceleration (rad/s²)
 * 1,0,1000,,
 * 2,1.8,6000,,
 * ```
 *
 * Decisions where the product rules are silent:
 * - The header is written exactly as docs/behaviour.md §3 shows it (", " between names); the data rows use a bare
 *   "," to keep an hour-long file (720 000 rows) small. The importer accepts either spacing.
 * - `#` is the 1-based sample number. Angle is in degrees, time in µs.
 * - The angular velocity and acceleration columns hold the rates of the batch when it has them
 *   and are empty otherwise. The Test screen's export fills them with the rates the engine used
 *   at each sample (`ratesAtSamples`): the live unit sends angle and time only. A column is
 *   either filled on every row or empty on every row.
 * - Only data the importer accepts is written: at least one sample, finite values, time strictly
 *   increasing. So export → import gives identical samples (−0 is written as 0).
 */
import Papa from 'papaparse';
import type { SampleBatch } from '../engine/types';
import { csvBlock, CSV_NEWLINE, type Cell } from './csvWrite';

/** Header names in column order (docs/behaviour.md §3). */
export const DEBUG_COLUMNS = [
  '#',
  'Angle',
  'Time (µs)',
  'Angular Velocity (rad/s)',
  'Angular Acceleration (rad/s²)',
] as const;

/** Builds the debug CSV of a batch; throws a clear Error on a batch the importer would refuse. */
export function buildDebugCsv(samples: SampleBatch): string {
  const { timeUs, angleDeg, angularVelocity: omega, angularAcceleration: alpha } = samples;
  const n = timeUs.length;
  if (n === 0) throw new Error('Debug CSV: there are no samples to export');
  for (const [name, column] of [
    ['angles', angleDeg],
    ['angular velocities', omega],
    ['angular accelerations', alpha],
  ] as const) {
    if (column !== undefined && column.length !== n) {
      throw new Error(`Debug CSV: the batch has ${n} times but ${column.length} ${name}`);
    }
  }
  const rows: Cell[][] = new Array(n);
  for (let i = 0; i < n; i++) {
    if (i > 0 && !(timeUs[i]! > timeUs[i - 1]!)) {
      throw new Error(`Debug CSV: sample ${i + 1} has time ${timeUs[i]} µs, not after sample ${i} (${timeUs[i - 1]} µs)`);
    }
    const row: Cell[] = [i + 1, angleDeg[i]!, timeUs[i]!, omega === undefined ? '' : omega[i]!, alpha === undefined ? '' : alpha[i]!];
    for (let c = 1; c < row.length; c++) {
      if (typeof row[c] === 'number' && !Number.isFinite(row[c])) {
        throw new Error(`Debug CSV: sample ${i + 1} has ${DEBUG_COLUMNS[c]} = ${row[c]}, which is not a finite number`);
      }
    }
    rows[i] = row;
  }
  const header = Papa.unparse([[...DEBUG_COLUMNS]], { delimiter: ', ', newline: CSV_NEWLINE });
  return header + CSV_NEWLINE + csvBlock('Debug CSV', rows) + CSV_NEWLINE;
}
