/**
 * Where `--out` puts the session CSVs: `{input name}-{hz}hz-calcV{0|1}-calcA{0|1}.csv`. Two inputs
 * with the same name would write the same files, so the later one (in input order) fails instead
 * of overwriting; decided before any work starts, so the answer does not depend on which worker
 * finishes first. A session CSV that would land on an input refuses the whole run, before
 * anything is written (`outputsOverInputs`).
 */
import { stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { rateSuffix } from '../src/csv';
import type { EngineSettings } from '../src/engine/types';

export function sessionCsvPath(file: string, out: string, settings: Omit<EngineSettings, 'hz'>, hz: number): string {
  return join(out, basename(file, extname(file)) + rateSuffix({ ...settings, hz }) + '.csv');
}

/** Where a session CSV is written until it is complete (then renamed to `target`): not a .csv, so no later run takes it for an input. */
export function partPath(target: string): string {
  return `${target}.part`;
}

/** The problem of each input whose session CSVs an earlier input already names, by its index. */
export function outputClashes(files: readonly string[], out: string, settings: Omit<EngineSettings, 'hz'>, rates: readonly number[]): Map<number, string> {
  const owners = new Map<string, string>();
  const clashes = new Map<number, string>();
  files.forEach((file, index) => {
    const targets = rates.map((hz) => sessionCsvPath(file, out, settings, hz));
    const taken = targets.find((target) => owners.has(target));
    if (taken !== undefined) clashes.set(index, `${taken} is already the output of ${owners.get(taken)}, an input file of the same name`);
    else targets.forEach((target) => owners.set(target, file));
  });
  return clashes;
}

/**
 * Every session CSV that would be written over one of `files` (the same file: same device and
 * inode, whatever path or link leads to it), as a sentence naming both, before anything is
 * written: `--out D D/x.csv D/x-200hz-calcV0-calcA1.csv` would replace the second input with the
 * first one's output.
 */
export async function outputsOverInputs(files: readonly string[], out: string, settings: Omit<EngineSettings, 'hz'>, rates: readonly number[]): Promise<string[]> {
  const identity = (path: string) => stat(path).then((s) => `${s.dev}:${s.ino}`, () => null);
  const inputs = new Map<string, string>();
  for (const file of files) {
    const id = await identity(file);
    if (id !== null && !inputs.has(id)) inputs.set(id, file);
  }
  const problems: string[] = [];
  for (const file of files) {
    for (const hz of rates) {
      const target = sessionCsvPath(file, out, settings, hz);
      for (const path of [target, partPath(target)]) {
        const input = inputs.get((await identity(path)) ?? '');
        if (input !== undefined) problems.push(`--out ${out} would write the session CSV of ${file} at ${hz} Hz over the input ${input}; choose another --out folder`);
      }
    }
  }
  return problems;
}
