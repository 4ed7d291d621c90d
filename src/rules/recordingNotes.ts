/**
 * What a user must know about a recorded file before trusting its figures, each a sentence, for
 * the batch command (summary, JSON and stderr) and the Test screen's import alike: rows the
 * debug CSV's reader dropped (engine-rs/src/debug_csv/order.rs), and a file recorded at a rate
 * too low for the engine's figures.
 *
 * Why the rate's threshold is the engine's lowest rate (100 Hz, pkg/settings.json), whatever rate
 * the file is reprocessed at: a file's own rate is the median step between its samples
 * (engine-rs/src/debug_csv/interval.rs), and the engine can add no information to them.
 * Resampling at a higher rate draws straight lines between the file's samples, so a pull's
 * curve keeps the corners and the timing of a file sampled at its own rate: the figures are those
 * of that rate at best. The engine's figures are held to physics truth for sensors sampled at
 * 100 Hz and above, on every grid from 100 Hz (tests/unit/engine.accuracy.test.ts,
 * engine-rs/src/tests/truth.rs); below 100 Hz they leave those bounds even on a grid of the
 * file's own rate (engine-rs/src/settings.rs, `HZ`: 50 Hz peak power 1.8 % off, 20 Hz mean
 * power 7 %, 10 Hz a 0.45 s pull's mean velocity 22 %). So a file recorded at 100 Hz reprocessed
 * at 1000 Hz is sound, and one recorded at 50 Hz reprocessed at 200 Hz is not. A step up to 1 %
 * longer than 10 ms still counts as 100 Hz: a logger's clock and its whole microseconds shift the
 * median that little, and the figures with it by far less than the bounds.
 */
import { RANGES } from '../engine/ranges';

/** Below this rate (Hz) a file is said to be recorded too coarsely (see the module notes). */
export const MIN_RECORDED_HZ = RANGES.hz.min / 1.01;

/** The rate a file was recorded at, Hz, from its median step (µs); null with fewer than two samples. */
export function recordedHz(stepUs: number): number | null {
  return stepUs > 0 ? 1e6 / stepUs : null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sentences for a file whose reader dropped `dropped.rows` rows and whose median step is `stepUs` µs; none when all is well. */
export function recordingNotes(dropped: { rows: number; firstRow: number | null }, stepUs: number): string[] {
  const notes: string[] = [];
  if (dropped.rows > 0) {
    notes.push(
      `${plural(dropped.rows, 'row', 'rows')} dropped because the time was not after the row before (a repeated line, two lines swapped, or two samples with the same time)` +
        (dropped.firstRow === null ? '' : `, the first at row ${dropped.firstRow}`),
    );
  }
  const hz = recordedHz(stepUs);
  if (hz !== null && hz < MIN_RECORDED_HZ) {
    notes.push(
      `recorded at ${Number(hz.toPrecision(3))} Hz (a sample every ${Number((stepUs / 1000).toPrecision(3))} ms), below the ${RANGES.hz.min} Hz the engine's figures need: ` +
        'a fast pull is too few samples, and a higher rate only draws straight lines between them, so durations, velocities and powers can be far off',
    );
  }
  return notes;
}
