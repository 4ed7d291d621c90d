/**
 * The batch command's work on one file: import the debug CSV with the app's own importer, run the
 * engine once per sampling rate, and write a session CSV per rate when `--out` is given. Kept
 * apart from the command-line plumbing (main.ts) so the engine is a parameter.
 *
 * Decisions where the product rules are silent (a debug CSV carries samples only):
 * - The session CSV's date is the input file's modification time, the closest thing to the
 *   recording time; its firmware is v0.0.0, docs/behaviour.md §8's value for an unknown version; its plate
 *   table is left empty, because only the total inertia is known.
 * - Output files are named `{input name}-{hz}hz-calcV{0|1}-calcA{0|1}.csv`; two inputs with the same
 *   name would overwrite each other, so the second one fails instead.
 */
import { constants, openAsBlob } from 'node:fs';
import { access, mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { EngineSettings, EngineUpdate, Rep, SampleBatch } from '../src/engine/types';
import { buildSessionCsv, parseDebugCsv, rateSuffix, UTF8_BOM } from '../src/csv';
import { DEFAULT_SET_REST_S } from '../src/rules/settingsModel';

export type Reprocess = (batch: SampleBatch, settings: Partial<EngineSettings>) => EngineUpdate;

export interface FileResult {
  file: string;
  /** Sample rows read from the file. */
  samples: number;
  /** Samples the engine dropped (the same at every rate: it depends on the input only). */
  skipped: number;
  runs: { hz: number; reps: Rep[] }[];
}

export interface BatchPlan {
  rates: readonly number[];
  settings: Omit<EngineSettings, 'hz'>;
  out?: string;
  /** Output paths already written in this run, to refuse overwriting one. */
  written: Set<string>;
}

/**
 * Processes one file. `progress` receives the work done on this file in units: the import counts
 * as 1 (reported in fractions while reading), each rate as 1 more.
 */
export async function reprocessFile(file: string, plan: BatchPlan, reprocess: Reprocess, progress: (units: number) => void): Promise<FileResult> {
  let batch: SampleBatch;
  try {
    await access(file, constants.R_OK);
    batch = await parseDebugCsv(await openAsBlob(file, { type: 'text/csv' }), (fraction) => progress(fraction));
  } catch (error) {
    throw readProblem(error, file);
  }
  const result: FileResult = { file, samples: batch.timeUs.length, skipped: 0, runs: [] };
  for (const hz of plan.rates) {
    const update = reprocess(batch, { ...plan.settings, hz });
    result.skipped = Math.max(result.skipped, update.skipped);
    result.runs.push({ hz, reps: update.reps });
    if (plan.out !== undefined) await writeSessionCsv(file, plan, plan.out, hz, batch, update.reps);
    progress(1 + result.runs.length);
  }
  return result;
}

/**
 * What went wrong reading `file`, in words: a file the user may not read says so with its path
 * (Node's own "The blob could not be read" says neither); the importer's row-and-column errors
 * and anything else pass through.
 */
export function readProblem(error: unknown, file: string): unknown {
  const e = error as { code?: string; name?: string };
  if (e.code === 'EACCES' || e.code === 'EPERM') return new Error(`permission denied: cannot read ${file}`);
  if (e.name === 'NotReadableError') return new Error(`could not read ${file} (permission denied, or the file changed while it was read)`);
  return error;
}

async function writeSessionCsv(file: string, plan: BatchPlan, out: string, hz: number, batch: SampleBatch, reps: Rep[]): Promise<void> {
  const { settings } = plan;
  const target = join(out, basename(file, extname(file)) + rateSuffix({ ...settings, hz }) + '.csv');
  if (plan.written.has(target)) throw new Error(`${target} was already written for another input file of the same name`);
  const csv = buildSessionCsv({
    date: (await stat(file)).mtime,
    firmware: { major: 0, minor: 0, patch: 0 },
    mass: settings.mass,
    inertia: settings.inertia,
    reps,
    plates: [],
    raw: batch,
    // The Workout screen's defaults: the batch command has no screen to take them from.
    sets: { restS: DEFAULT_SET_REST_S, warmup: settings.warmup, metric: 'velocity', phase: 'concentric' },
  });
  await mkdir(out, { recursive: true });
  // The byte-order mark the app's exports carry too: without it a spreadsheet garbles µ, ° and ².
  await writeFile(target, UTF8_BOM + csv, 'utf8');
  plan.written.add(target);
}
