/**
 * The batch command from arguments to exit status, with the output streams and the worker entry
 * as parameters.
 *
 * Files are processed in worker threads (pool.ts), `--jobs` at once (capped at what the machine
 * can run, jobs.ts); their outcomes are printed in input order whatever order the workers finish
 * in, so the output is the same with any `--jobs`. One bad file never stops the others: its
 * problem goes to stderr as `reprocess: <file>: <problem>` (the reader's message names the row
 * and column), into the JSON's `failed` list, and the exit status becomes 1. With `--json` stdout
 * holds the JSON document alone; without it, a table per file and, on a terminal, a progress bar
 * on stderr. A run that finds no rep says why on stderr (noReps.ts), and a file whose figures need
 * a caution (rows dropped, recorded too coarsely: rules/recordingNotes.ts) says so there too,
 * without failing the file.
 *
 * `--out` never writes over an input: a session CSV that would land on one refuses the run with
 * status 2 before anything is written (outputs.ts).
 *
 * When stdout's reader goes away (`| head`: the pipe closes, writes fail with EPIPE), the command
 * stops at once, starting no more files, and leaves no session CSV half written. If every file
 * had been processed by then (with `--out`, every session CSV written), that is all the reader
 * missed, and the status is what it would have been; otherwise the command says on stderr how
 * many files it left and exits 1, so a script never takes a cut-short run for a whole one. Any
 * other failure to write stdout is said on stderr and ends the command with status 1.
 */
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { recordingNotes } from '../src/rules/recordingNotes';
import { parseReprocessArgs, usage, UsageError, type ReprocessOptions } from './args';
import type { BatchPlan } from './batch';
import { inOrder } from './inOrder';
import { expandInput } from './inputs';
import { jsonWriter } from './json';
import { noRepLines } from './noReps';
import { largestFile, thisMachine, workerCount } from './jobs';
import { outputClashes, outputsOverInputs, partPath, sessionCsvPath } from './outputs';
import { outlet, readerGone } from './outlet';
import { runInWorkers, unlocated, type Failure, type Outcome } from './pool';
import { startProgress } from './progress';
import { decodeResult } from './repsWire';
import { formatSummary } from './summary';
import { messageOf } from '../src/shared/messageOf';

export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WriteStream;
}

export const EXIT_OK = 0;
export const EXIT_FILE_FAILED = 1;
export const EXIT_USAGE = 2;

/** `workerEntry`: the bundled cli/worker.ts. */
export async function runReprocess(argv: readonly string[], io: CliIo, workerEntry: URL): Promise<number> {
  const cores = availableParallelism();
  let options: ReprocessOptions;
  try {
    options = parseReprocessArgs(argv, cores);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`reprocess: ${error.message}\nRun with --help to see the options.\n`);
    return EXIT_USAGE;
  }
  if (options.help) {
    io.stdout.write(usage(cores));
    return EXIT_OK;
  }

  const stop = new AbortController();
  let failed = 0;
  /** Set when a reader of stdout or stderr went away (a closed pipe). */
  let readerLeft = false;
  const closed = (error: Error) => {
    if (readerGone(error)) readerLeft = true;
    else failed += 1;
    stop.abort();
  };
  const stderr = outlet(io.stderr, closed);
  const stdout = outlet(io.stdout, (error) => {
    if (!readerGone(error)) stderr.write(`reprocess: cannot write the output: ${error.message}\n`);
    closed(error);
  });
  /** Failures known before the JSON document starts (inputs that lead nowhere), for its `failed` list. */
  const early: [string, Failure][] = [];
  let json: ReturnType<typeof jsonWriter> | undefined;
  const fail = (file: string, problem: Failure) => {
    failed += 1;
    stderr.write(`reprocess: ${file}: ${problem.message}\n`);
    if (json !== undefined) json.failed(file, problem);
    else early.push([file, problem]);
  };
  const files: string[] = [];
  for (const input of options.inputs) {
    try {
      const found = await expandInput(input);
      files.push(...found.files);
      for (const { path, problem } of found.problems) fail(path, unlocated(problem));
    } catch (error) {
      fail(input, unlocated(messageOf(error)));
    }
  }

  const plan: BatchPlan = { rates: options.rates, settings: options.settings };
  if (options.out !== undefined) {
    plan.out = options.out;
    const over = await outputsOverInputs(files, options.out, plan.settings, plan.rates);
    if (over.length > 0) {
      for (const problem of over) stderr.write(`reprocess: ${problem}\n`);
      return EXIT_USAGE;
    }
  }
  const clashes = plan.out === undefined ? new Map<number, string>() : outputClashes(files, plan.out, plan.settings, plan.rates);
  const jobs = workerCount(options.jobs, files.length, await largestFile(files), thisMachine());

  const unitsPerFile = 1 + options.rates.length;
  const progress = startProgress(io.stderr, files.length * unitsPerFile, !options.json);
  const unitsDone = files.map(() => 0);
  let totalDone = 0;
  const advance = (index: number, units: number) => {
    totalDone += units - unitsDone[index]!;
    unitsDone[index] = units;
    progress.update(totalDone);
  };
  if (options.json) {
    const writer = jsonWriter((text) => stdout.write(text), options.settings);
    for (const [file, problem] of early) writer.failed(file, problem);
    json = writer;
  }
  const report = inOrder<Outcome>((outcome, index) =>
    progress.print(() => {
      if (!outcome.ok) return fail(files[index]!, outcome);
      const result = decodeResult(outcome.result);
      if (json !== undefined) json.file(result);
      else stdout.write(formatSummary(result, options.settings) + '\n');
      for (const line of [...recordingNotes(result.dropped, result.stepUs), ...noRepLines(result)]) stderr.write(`reprocess: ${result.file}: ${line}\n`);
    }),
  );
  let settledFiles = 0;
  const settled = (index: number, outcome: Outcome) => {
    settledFiles += 1;
    advance(index, unitsPerFile);
    report(index, outcome);
  };

  const work = files.flatMap((file, index) => {
    const clash = clashes.get(index);
    if (clash === undefined) return [{ index, file }];
    settled(index, { ok: false, ...unlocated(clash) });
    return [];
  });
  await runInWorkers(work, jobs, plan, workerEntry, { progress: advance, settled }, stop.signal);
  progress.stop();

  // A worker stopped or dead mid-file leaves the session CSV it was writing incomplete.
  if (plan.out !== undefined) await removeParts(files, plan.out, plan);
  if (!stop.signal.aborted) json?.end();
  if (readerLeft && settledFiles < files.length) {
    failed += 1;
    stderr.write(`reprocess: stopped after ${settledFiles} of ${files.length} files: the output's reader went away (a closed pipe); the other ${files.length - settledFiles} were not processed\n`);
  }
  return failed > 0 ? EXIT_FILE_FAILED : EXIT_OK;
}

/** Removes what the session CSVs of `files` left under their temporary names (a complete one has been renamed). */
async function removeParts(files: readonly string[], out: string, plan: BatchPlan): Promise<void> {
  const parts = files.flatMap((file) => plan.rates.map((hz) => partPath(sessionCsvPath(file, out, plan.settings, hz))));
  await Promise.all(parts.map((part) => rm(part, { force: true })));
}
