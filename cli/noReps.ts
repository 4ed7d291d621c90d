/**
 * Why a run of a file found no rep, in one sentence for stderr: a file that gives 0 reps is
 * never left without a word (with `--json` too). The reasons are a table read in order, each
 * looking at what the engine reported about the run and what the file holds, the first that
 * applies being the one said; a new count the engine reports (samples it rejects, angle
 * problems it finds) is one more row, placed before the rows it explains better.
 *
 * Which rate gives which reason: the samples dropped depend on the input only, so all rates of a
 * file usually share their reason; lines are grouped by reason, naming the rates.
 */
import { MAX_SAMPLE_VALUE } from '../src/engine/ranges';
import { REP_TRAVEL_DEG } from '../src/engine/ranges';
import type { SampleBatch } from '../src/engine/types';
import type { FileResult, FileRun } from './fileResult';

/** What a reason looks at: the file's result and one of its runs. */
export interface RunFacts {
  file: Omit<FileResult, 'runs'>;
  run: FileRun;
}

/** A reason: its sentence when it explains the run's 0 reps, otherwise null. */
type Reason = (facts: RunFacts) => string | null;

const DROPPED = 'a sample is dropped when its time does not increase or a value is not a finite number within ±10¹²';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** ", and the engine dropped 3 samples (…)" when it dropped any: the rest of the file is what the other reasons speak of. */
const droppedNote = (run: FileRun) => (run.skipped > 0 ? `; the engine dropped ${plural(run.skipped, 'sample')} (${DROPPED})` : '');

const REASONS: readonly Reason[] = [
  ({ file, run }) => (run.skipped >= file.samples ? `the engine dropped all ${plural(file.samples, 'sample')} (${DROPPED})` : null),
  ({ file, run }) => {
    if (file.samples - run.skipped >= 2) return null;
    const left = run.skipped > 0 ? `the engine dropped ${run.skipped} of ${plural(file.samples, 'sample')} (${DROPPED})` : `the file holds ${plural(file.samples, 'sample')}`;
    return `${left}; a rep needs movement over time, and one sample has none`;
  },
  ({ file, run }) =>
    file.travelDeg < REP_TRAVEL_DEG
      ? `the rope moved ${file.travelDeg.toFixed(0)}° in all (the span of |angle|); a rep is a pull of ${REP_TRAVEL_DEG}° or more and a return of ${REP_TRAVEL_DEG}° or more${droppedNote(run)}`
      : null,
];

/** What is left when no reason of the table applies: the rope moved enough, but never as a rep does. */
const noRepShape = ({ file, run }: RunFacts) =>
  `the rope moved ${file.travelDeg.toFixed(0)}° in all, but no pull of ${REP_TRAVEL_DEG}° or more was followed by a return of ${REP_TRAVEL_DEG}° or more ` +
  `that came to rest or led into the next pull (a recording that starts in the middle of a pull, or ends in the middle of a return, makes no rep of it)${droppedNote(run)}`;

/** Why `run` found no rep: the first reason of the table that applies. */
export function noRepReason(facts: RunFacts): string {
  for (const reason of REASONS) {
    const sentence = reason(facts);
    if (sentence !== null) return sentence;
  }
  return noRepShape(facts);
}

/** One line per reason for the runs of `result` that found no rep: "no rep at 100 and 200 Hz: <reason>". */
export function noRepLines(result: FileResult): string[] {
  const byReason = new Map<string, number[]>();
  for (const run of result.runs) {
    if (run.reps.length > 0) continue;
    const reason = noRepReason({ file: result, run });
    byReason.set(reason, [...(byReason.get(reason) ?? []), run.hz]);
  }
  return [...byReason].map(([reason, rates]) => `no rep at ${listed(rates)} Hz: ${reason}`);
}

/** "100", "100 and 200", "100, 200 and 500" */
function listed(rates: readonly number[]): string {
  return rates.length === 1 ? String(rates[0]) : `${rates.slice(0, -1).join(', ')} and ${rates.at(-1)}`;
}

/**
 * How far the rope moved over a recording: the span of the rope position |angle| (°), over the
 * samples the engine can take (finite time and angle within ±10¹²), as the rep detector follows it.
 */
export function ropeTravel(pieces: readonly SampleBatch[]): number {
  let low = Infinity;
  let high = -Infinity;
  for (const { timeUs, angleDeg } of pieces) {
    for (let i = 0; i < timeUs.length; i++) {
      const position = Math.abs(angleDeg[i]!);
      if (!(position <= MAX_SAMPLE_VALUE) || !(Math.abs(timeUs[i]!) <= MAX_SAMPLE_VALUE)) continue;
      if (position < low) low = position;
      if (position > high) high = position;
    }
  }
  return high >= low ? high - low : 0;
}
