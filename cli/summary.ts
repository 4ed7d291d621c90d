/**
 * The readable output of the batch command: per file, one table row per sampling rate with the
 * rep count and the means over the working reps (warmup excluded, as on the Workout screen),
 * two decimals like the app. Plain text with aligned columns, so it reads well in any terminal
 * and in a log file.
 */
import type { PhaseSummary, Rep } from '../src/engine/types';
import { describeProblems, whyNoReps } from '../src/rules/sampleProblems';
import type { FileResult, FileRun } from './batch';

const COLUMNS: { title: string; value: (reps: readonly Rep[], run: FileRun) => string }[] = [
  { title: 'Rejected', value: (_, run) => String(run.problems.rejected) },
  { title: 'Warmup', value: (reps) => String(reps.filter((r) => r.count <= 0).length) },
  { title: 'Reps', value: (reps) => String(working(reps).length) },
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

export function formatSummary(result: FileResult): string {
  const head = `${result.file}: ${result.samples} samples, ${result.skipped} skipped`;
  const rows = [['Hz', ...COLUMNS.map((c) => c.title)], ...result.runs.map((run) => [String(run.hz), ...COLUMNS.map((c) => c.value(run.reps, run))])];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) => '  ' + row.map((cell, i) => cell.padStart(widths[i]!)).join('  '));
  return [head, ...lines, ...result.runs.flatMap((run) => notes(result, run))].join('\n') + '\n';
}

/** What the engine set aside at one rate, and why it found no rep, in words ("  200 Hz: …"). */
function notes(result: FileResult, run: FileRun): string[] {
  const none = whyNoReps(result.samples, { reps: run.reps, skipped: run.skipped, pointCount: 0, problems: run.problems });
  const lines = none === null ? describeProblems(run.problems) : [`no reps: ${none}`];
  return lines.map((line) => `  ${run.hz} Hz: ${line}`);
}

function working(reps: readonly Rep[]): Rep[] {
  return reps.filter((r) => r.count > 0);
}

/** Mean over the working reps, or '–' when there are none (a mean of nothing is not 0). */
function mean(phase: 'concentric' | 'eccentric', key: keyof PhaseSummary): (reps: readonly Rep[]) => string {
  return (reps) => {
    const values = working(reps).map((r) => r[phase][key]);
    return values.length === 0 ? '–' : (values.reduce((a, b) => a + b, 0) / values.length).toFixed(2);
  };
}
