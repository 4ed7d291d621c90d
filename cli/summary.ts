/**
 * The readable output of the batch command: per file, a line with its samples, the rate they were
 * recorded at and what was skipped or dropped, one table row per sampling rate with the
 * sets, the warmup and counted reps, and the means over the counted reps, two decimals like the
 * app. Reps are counted as everywhere else (rules/setSplit.ts): within their set, each set's
 * first `--warmup` reps its warmup, so three sets of four reps read "Sets 3, Warmup 3, Reps 9".
 * A figure that needs the inertia reads "–" at inertia 0, as on the Workout screen
 * (rules/inertiaMetrics.ts). Under the table, what the engine set aside at each rate and what to
 * know before trusting the file's figures (rules/recordingNotes.ts). Plain text with aligned
 * columns, so it reads well in any terminal and in a log file.
 */
import type { PhaseSummary, Rep } from '../src/engine/types';
import { phaseFigure } from '../src/rules/inertiaMetrics';
import { recordedHz, recordingNotes } from '../src/rules/recordingNotes';
import { describeProblems } from '../src/rules/sampleProblems';
import { numberedSets } from '../src/rules/setSplit';
import type { FileResult, FileRun } from './fileResult';
import { setRules } from './setRules';

/** What the figures depend on besides the reps: the warmup and inertia settings. */
export interface SummarySettings {
  warmup: number;
  inertia: number;
}

/** A run's reps cut into sets and numbered, with the inertia they were computed with and the run. */
interface Numbered {
  sets: Rep[][];
  inertia: number;
  run: FileRun;
}

const COLUMNS: { title: string; value: (run: Numbered) => string }[] = [
  { title: 'Rejected', value: (run) => String(run.run.problems.rejected) },
  { title: 'Sets', value: (run) => String(run.sets.length) },
  { title: 'Warmup', value: (run) => String(run.sets.flat().filter((r) => r.count <= 0).length) },
  { title: 'Reps', value: (run) => String(counted(run).length) },
  { title: 'Con time s', value: mean('concentric', 'duration') },
  { title: 'Con v m/s', value: mean('concentric', 'velocity') },
  { title: 'Con peak m/s', value: mean('concentric', 'peakVelocity') },
  { title: 'Con force N', value: mean('concentric', 'force') },
  { title: 'Con power W', value: mean('concentric', 'power') },
  { title: 'Ecc time s', value: mean('eccentric', 'duration') },
  { title: 'Ecc v m/s', value: mean('eccentric', 'velocity') },
  { title: 'Ecc force N', value: mean('eccentric', 'force') },
  { title: 'Ecc power W', value: mean('eccentric', 'power') },
];

export function formatSummary(result: FileResult, settings: SummarySettings): string {
  const hz = recordedHz(result.stepUs);
  const recorded = hz === null ? '' : ` recorded at ${Number(hz.toPrecision(3))} Hz`;
  const dropped = result.dropped.rows > 0 ? `, ${result.dropped.rows} ${result.dropped.rows === 1 ? 'row' : 'rows'} dropped` : '';
  const head = `${result.file}: ${result.samples} samples${recorded}, ${result.skipped} skipped${dropped}`;
  const rows = [
    ['Hz', ...COLUMNS.map((c) => c.title)],
    ...result.runs.map((run) => {
      const numbered = { sets: numberedSets(run.reps, setRules(settings.warmup)), inertia: settings.inertia, run };
      return [String(run.hz), ...COLUMNS.map((c) => c.value(numbered))];
    }),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) => '  ' + row.map((cell, i) => cell.padStart(widths[i]!)).join('  '));
  const warnings = recordingNotes(result.dropped, result.stepUs).map((line) => `  warning: ${line}`);
  return [head, ...lines, ...result.runs.flatMap(notes), ...warnings].join('\n') + '\n';
}

/** What the engine set aside at one rate, in words ("  200 Hz: …"); why a run found no rep goes to stderr (noReps.ts). */
function notes(run: FileRun): string[] {
  return describeProblems(run.problems).map((line) => `  ${run.hz} Hz: ${line}`);
}

/** The reps after each set's warmup. */
function counted(run: Numbered): Rep[] {
  return run.sets.flat().filter((r) => r.count > 0);
}

/** Mean over the counted reps, or '–' when there are none or the figure needs the inertia and there is none (a mean of nothing is not 0). */
function mean(phase: 'concentric' | 'eccentric', key: keyof PhaseSummary): (run: Numbered) => string {
  return (run) => {
    const values = counted(run).map((r) => phaseFigure(r[phase], key, run.inertia));
    if (values.length === 0 || values.some((v) => v === null)) return '–';
    return ((values as number[]).reduce((a, b) => a + b, 0) / values.length).toFixed(2);
  };
}
