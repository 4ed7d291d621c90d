/**
 * The batch command from arguments to exit status, with the output streams and the worker entry
 * as parameters.
 *
 * Files are processed in worker threads (pool.ts), `--jobs` at once; their outcomes are printed
 * in input order whatever order the workers finish in, so the output is the same with any
 * `--jobs`. One bad file never stops the others: its problem goes to stderr as
 * `reprocess: <file>: <problem>` (the importer's message names the row and column) and the exit
 * status becomes 1. With `--json` stdout holds the JSON document alone; without it, a table per
 * file and, on a terminal, a progress bar on stderr. A run that finds no rep says why on stderr
 * (noReps.ts), without failing the file.
 *
 * When stdout's reader goes away (`| head`: the pipe closes, writes fail with EPIPE), the command
 * ends at once and quietly, as a command killed by SIGPIPE would, but with the exit status of
 * what it did so far (0 unless a file had failed): the reader asked for no more. Any other failure to
 * write stdout is said on stderr and ends the command with status 1.
 */
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { parseReprocessArgs, usage, UsageError, type ReprocessOptions } from './args';
import type { BatchPlan } from './batch';
import { inOrder } from './inOrder';
import { expandInput } from './inputs';
import { jsonWriter } from './json';
import { noRepLines } from './noReps';
import { outputClashes, partPath, sessionCsvPath } from './outputs';
import { outlet, readerGone } from './outlet';
import { runInWorkers, type Outcome } from './pool';
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
  const stderr = outlet(io.stderr, (error) => {
    if (!readerGone(error)) failed += 1;
    stop.abort();
  });
  const stdout = outlet(io.stdout, (error) => {
    if (!readerGone(error)) {
      failed += 1;
      stderr.write(`reprocess: cannot write the output: ${error.message}\n`);
    }
    stop.abort();
  });
  const fail = (file: string, problem: string) => {
    failed += 1;
    stderr.write(`reprocess: ${file}: ${problem}\n`);
  };
  const files: string[] = [];
  for (const input of options.inputs) {
    try {
      const found = await expandInput(input);
      files.push(...found.files);
      for (const { path, problem } of found.problems) fail(path, problem);
    } catch (error) {
      fail(input, messageOf(error));
    }
  }

  const plan: BatchPlan = { rates: options.rates, settings: options.settings };
  if (options.out !== undefined) plan.out = options.out;
  const clashes = plan.out === undefined ? new Map<number, string>() : outputClashes(files, plan.out, plan.settings, plan.rates);

  const unitsPerFile = 1 + options.rates.length;
  const progress = startProgress(io.stderr, files.length * unitsPerFile, !options.json);
  const unitsDone = files.map(() => 0);
  let totalDone = 0;
  const advance = (index: number, units: number) => {
    totalDone += units - unitsDone[index]!;
    unitsDone[index] = units;
    progress.update(totalDone);
  };
  const json = options.json ? jsonWriter((text) => stdout.write(text), options.settings) : undefined;
  const report = inOrder<Outcome>((outcome, index) =>
    progress.print(() => {
      if (!outcome.ok) return fail(files[index]!, outcome.message);
      const result = decodeResult(outcome.result);
      if (json !== undefined) json.file(result);
      else stdout.write(formatSummary(result, options.settings) + '\n');
      for (const line of noRepLines(result)) stderr.write(`reprocess: ${result.file}: ${line}\n`);
    }),
  );
  const settled = (index: number, outcome: Outcome) => {
    advance(index, unitsPerFile);
    report(index, outcome);
  };

  const jobs = files.flatMap((file, index) => {
    const clash = clashes.get(index);
    if (clash === undefined) return [{ index, file }];
    settled(index, { ok: false, message: clash });
    return [];
  });
  await runInWorkers(jobs, options.jobs, plan, workerEntry, { progress: advance, settled }, stop.signal);
  progress.stop();

  // A worker stopped or dead mid-file leaves the session CSV it was writing incomplete.
  if (plan.out !== undefined) await removeParts(files, plan.out, plan);
  if (!stop.signal.aborted) json?.end();
  return failed > 0 ? EXIT_FILE_FAILED : EXIT_OK;
}

/** Removes what the session CSVs of `files` left under their temporary names (a complete one has been renamed). */
async function removeParts(files: readonly string[], out: string, plan: BatchPlan): Promise<void> {
  const parts = files.flatMap((file) => plan.rates.map((hz) => partPath(sessionCsvPath(file, out, plan.settings, hz))));
  await Promise.all(parts.map((part) => rm(part, { force: true })));
}
