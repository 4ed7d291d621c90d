/**
 * Where `--out` puts the session CSVs: `{input name}-{hz}hz-calcV{0|1}-calcA{0|1}.csv`. Two inputs
 * with the same name would write the same files, so the later one (in input order) fails instead
 * of overwriting; decided before any work starts, so the answer does not depend on which worker
 * finishes first.
 */
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
