/**
 * The batch command from arguments to exit status, with the engine and the output streams as
 * parameters so it runs the same in the bundled command and in-process.
 *
 * One bad file never stops the others: its problem goes to stderr as `reprocess: <file>: <problem>`
 * (the importer's message names the row and column) and the exit status becomes 1. With `--json`
 * stdout holds the JSON document alone; without it, a table per file and, on a terminal, a
 * progress bar on stderr.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseReprocessArgs, USAGE, UsageError, type ReprocessOptions } from './args';
import { reprocessFile, type BatchPlan, type FileResult, type Reprocess } from './batch';
import { jsonDocument } from './json';
import { startProgress } from './progress';
import { formatSummary } from './summary';
import { messageOf } from '../src/shared/messageOf';

export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WriteStream;
}

export const EXIT_OK = 0;
export const EXIT_FILE_FAILED = 1;
export const EXIT_USAGE = 2;

export async function runReprocess(argv: readonly string[], io: CliIo, reprocess: Reprocess): Promise<number> {
  let options: ReprocessOptions;
  try {
    options = parseReprocessArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`reprocess: ${error.message}\nRun with --help to see the options.\n`);
    return EXIT_USAGE;
  }
  if (options.help) {
    io.stdout.write(USAGE);
    return EXIT_OK;
  }

  let failed = 0;
  const fail = (file: string, error: unknown) => {
    failed += 1;
    io.stderr.write(`reprocess: ${file}: ${messageOf(error)}\n`);
  };
  const files: string[] = [];
  for (const input of options.inputs) {
    try {
      files.push(...(await expand(input)));
    } catch (error) {
      fail(input, error);
    }
  }

  const plan: BatchPlan = { rates: options.rates, settings: options.settings, written: new Set() };
  if (options.out !== undefined) plan.out = options.out;
  const unitsPerFile = 1 + options.rates.length;
  const progress = startProgress(io.stderr, files.length * unitsPerFile, !options.json);
  const results: FileResult[] = [];
  for (const [i, file] of files.entries()) {
    try {
      const result = await reprocessFile(file, plan, reprocess, (units) => progress.update(i * unitsPerFile + units));
      results.push(result);
      if (!options.json) progress.print(() => io.stdout.write(formatSummary(result) + '\n'));
    } catch (error) {
      progress.print(() => fail(file, error));
    }
  }
  progress.stop();

  if (options.json) io.stdout.write(JSON.stringify(jsonDocument(results)) + '\n');
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
