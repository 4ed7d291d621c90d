/**
 * The batch command's work on one file, as a worker thread does it: read the debug CSV with the
 * app's own reader (the engine's, src/csv `readDebugCsvPieces`, from the file's bytes in pieces),
 * run the engine once per sampling rate (one rate after the other, only the reps kept), and
 * write a session CSV per rate when `--out` is given. The engine is a parameter, so this runs the
 * same wherever it is called from.
 *
 * Decisions where the product rules are silent (a debug CSV carries samples only):
 * - The session CSV's date is the input file's modification time, the closest thing to the
 *   recording time; its firmware is v0.0.0, docs/behaviour.md §8's value for an unknown version; its plate
 *   table is left empty, because only the total inertia is known. Its sets follow setRules.ts.
 * - The session CSV is streamed to its file from the samples as the reader handed them (pieces of
 *   about 32 Ki samples), so `--out` needs no more memory than the run without it: never the whole
 *   file's text, nor the samples joined into one copy. It is written under a temporary name
 *   (outputs.ts `partPath`) and renamed when complete, so a failed or stopped write never
 *   leaves a truncated CSV under the name of a good one.
 */
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EngineSettings, Rep, SampleBatch, SampleProblems } from '../src/engine/types';
import { readDebugCsvPieces, sessionCsvParts, UTF8_BOM, type DebugCsvPieces, type SessionCsvInput } from '../src/csv';
import { runEngine, type CreateEngine } from './engineRun';
import type { FileResult } from './fileResult';
import { fileChunks } from './fileChunks';
import { ropeTravel } from './noReps';
import { partPath, sessionCsvPath } from './outputs';
import { setRules } from './setRules';

/** What every file gets; plain data, handed to each worker thread. */
export interface BatchPlan {
  rates: readonly number[];
  settings: Omit<EngineSettings, 'hz'>;
  out?: string;
}

/** Where reprocessFile reports, as it goes. */
export interface FileSink {
  /** Work done on this file so far, in units: the import counts as 1 (in fractions while reading), each rate as 1 more. */
  progress(units: number): void;
  /** Reps of the run at `hz` as the engine closes them, a push's worth at a time, so none wait in the worker. */
  reps(hz: number, reps: Rep[]): void;
  /** The run at `hz` is complete; `skipped`: the samples the engine dropped; `problems`: what else it set aside. */
  ran(hz: number, skipped: number, problems: SampleProblems): void;
}

/** What reprocessFile resolves with once every run went to the sink: what the file holds, besides the runs. */
export type FileFacts = Pick<FileResult, 'samples' | 'travelDeg' | 'dropped' | 'stepUs'>;

/** Processes one file, one rate after the other. */
export async function reprocessFile(file: string, plan: BatchPlan, createEngine: CreateEngine, sink: FileSink): Promise<FileFacts> {
  let read: DebugCsvPieces;
  try {
    await access(file, constants.R_OK);
    read = await readDebugCsvPieces(await fileChunks(file), (fraction) => sink.progress(fraction));
  } catch (error) {
    throw readProblem(error, file);
  }
  const { pieces, dropped, stepUs } = read;
  const { out } = plan;
  for (const [i, hz] of plan.rates.entries()) {
    // The session CSV wants the run's reps before its samples: kept, only for --out.
    const kept: Rep[] = [];
    const { skipped, problems } = runEngine(pieces, { ...plan.settings, hz }, createEngine, (reps) => {
      sink.reps(hz, reps);
      if (out !== undefined) kept.push(...reps);
    });
    if (out !== undefined) await writeSessionCsv(file, plan.settings, sessionCsvPath(file, out, plan.settings, hz), pieces, kept);
    sink.ran(hz, skipped, problems);
    sink.progress(2 + i);
  }
  return { samples: pieces.reduce((n, piece) => n + piece.timeUs.length, 0), travelDeg: ropeTravel(pieces), dropped, stepUs };
}

/**
 * What went wrong reading `file`, in words: a file the user may not read says so with its path;
 * the reader's row-and-column errors and anything else pass through.
 */
export function readProblem(error: unknown, file: string): unknown {
  const e = error as { code?: string };
  if (e.code === 'EACCES' || e.code === 'EPERM') return new Error(`permission denied: cannot read ${file}`);
  return error;
}

async function writeSessionCsv(file: string, settings: BatchPlan['settings'], target: string, pieces: readonly SampleBatch[], reps: Rep[]): Promise<void> {
  const input: SessionCsvInput = {
    date: (await stat(file)).mtime,
    firmware: { major: 0, minor: 0, patch: 0 },
    mass: settings.mass,
    inertia: settings.inertia,
    reps,
    plates: [],
    raw: pieces,
    sets: setRules(settings.warmup),
  };
  await mkdir(dirname(target), { recursive: true });
  const part = partPath(target);
  try {
    await pipeline(Readable.from(withBom(sessionCsvParts(input))), createWriteStream(part));
    await rename(part, target);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
}

/** The byte-order mark the app's exports carry too (without it a spreadsheet garbles µ, ° and ²), then the text. */
function* withBom(parts: Iterable<string>): Generator<string> {
  yield UTF8_BOM;
  yield* parts;
}
