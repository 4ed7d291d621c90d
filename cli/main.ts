/**
 * The batch command from arguments to exit status, with the output streams and the worker entry
 * as parameters.
 *
 * Files are processed in worker threads (pool.ts), `--jobs` at once; their outcomes are printed
 * in input order whatever order the workers finish in, so the output is the same with any
 * `--jobs`. One bad file never stops the others: its problem goes to stderr as
 * `reprocess: <file>: <problem>` (the importer's message names the row and column) and the exit
 * status becomes 1. With `--json` stdout holds the JSON document alone; without it, a table per
 * file and, on a terminal, a progress bar on stderr.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { parseReprocessArgs, usage, UsageError, type ReprocessOptions } from './args';
import type { BatchPlan } from './batch';
import { inOrder } from './inOrder';
import { jsonWriter } from './json';
import { outputClashes } from './outputs';
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

  let failed = 0;
  const fail = (file: string, problem: string) => {
    failed += 1;
    io.stderr.write(`reprocess: ${file}: ${problem}\n`);
  };
  const files: string[] = [];
  for (const input of options.inputs) {
    try {
      files.push(...(await expand(input)));
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
  const json = options.json ? jsonWriter((text) => io.stdout.write(text), options.settings.warmup) : undefined;
  const report = inOrder<Outcome>((outcome, index) =>
    progress.print(() => {
      if (!outcome.ok) fail(files[index]!, outcome.message);
      else if (json !== undefined) json.file(decodeResult(outcome.result));
      else io.stdout.write(formatSummary(decodeResult(outcome.result)) + '\n');
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
  await runInWorkers(jobs, options.jobs, plan, workerEntry, { progress: advance, settled });
  progress.stop();

  json?.end();
  return failed > 0 ? EXIT_FILE_FAILED : EXIT_OK;
}

/** A file stands for itself; a folder for the .csv files directly inside it, in name order. */
async function expand(input: string): Promise<string[]> {
  const info = await stat(input).catch((error: NodeJS.ErrnoException) => {
    throw new Error(error.code === 'ENOENT' ? 'no such file or folder' : error.message);
  });
  if (!info.isDirectory()) return [input];
  const names = (await readdir(input, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.csv$/i.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  if (names.length === 0) throw new Error('the folder holds no .csv files');
  return names.map((name) => join(input, name));
}
