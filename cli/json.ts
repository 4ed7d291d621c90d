/**
 * The `--json` document: one object on stdout that scripts can rely on (its schema is in the README).
 * Durations in seconds, every metric SI, warmup reps included with count ≤ 0, each rep counted
 * within its set as everywhere else (rules/setSplit.ts). A figure that needs the inertia
 * (rules/inertiaMetrics.ts) is null at inertia 0. Files that failed are listed after the others
 * (`failed`), each with its problem, as stderr says it.
 */
import type { Rep, SampleProblems } from '../src/engine/types';
import { powerFigure, shownPhase, type ShownPhase } from '../src/rules/inertiaMetrics';
import { noRepReason } from './noReps';
import { summariseSet, type SetSummary } from '../src/rules/sets';
import { numberedSets } from '../src/rules/setSplit';
import { recordedHz, recordingNotes } from '../src/rules/recordingNotes';
import type { FileResult } from './fileResult';
import type { Failure } from './pool';
import { setRules } from './setRules';

/**
 * One phase of one rep: the engine's per-phase summary, field for field (its fields are the
 * engine's, engine-rs/src/bindings.rs); those that need the inertia are null at inertia 0.
 */
export type JsonPhase = ShownPhase;

/**
 * Schema version: 1 had the per-phase means and peak velocity; 2 adds peak power and work per
 * phase and the eccentric-overload ratios per rep; 3 adds the sets, per run, and each rep's set;
 * 4 counts each rep within its set (from the set's own warmup), makes the figures that need the
 * inertia null at inertia 0, and adds, per run, what the engine set aside (`problems`) and why it
 * found no rep (`noReps`, the sentence stderr says); 5 adds per file the rate it was recorded at
 * (`recordedHz`) and what to know before trusting its figures (`warnings`), per run the gaps that
 * split phases (`problems.gaps`) and the rows the reader dropped (`problems.droppedRows`), and the
 * files that failed (`failed`).
 */
export const JSON_VERSION = 5;

export interface JsonRep {
  /** Within the rep's set: ≤ 0 for the set's warmup, then 1, 2, … . */
  count: number;
  /** The rep's set, 1-based (the `sets` entry with the same number). */
  set: number;
  concentric: JsonPhase;
  eccentric: JsonPhase;
  /** Eccentric / concentric peak power; 0 without concentric power, null at inertia 0. */
  peakPowerRatio: number | null;
  /** Eccentric / concentric mean power; 0 without concentric power, null at inertia 0. */
  meanPowerRatio: number | null;
}

/** One set's figures (rules/sets.ts), over its reps after the set's warmup. */
export interface JsonSet {
  /** 1-based, in session order. */
  set: number;
  /** All reps of the set, warmup included. */
  reps: number;
  /** Reps after the set's warmup: the ones the figures below are over. */
  counted: number;
  /** Best and mean concentric mean velocity, m/s (setRules.ts); null without a counted rep. */
  bestConcentricVelocity: number | null;
  meanConcentricVelocity: number | null;
  /** Percent, from the best concentric mean velocity to the last counted rep's. */
  velocityLoss: number;
  /** Concentric + eccentric work, J; null at inertia 0. */
  work: number | null;
  /** Mean eccentric / concentric peak-power ratio; 0 when no rep has concentric power, null at inertia 0. */
  eccentricOverload: number | null;
}

/** What was set aside at one rate besides the skipped samples. */
export interface JsonProblems extends SampleProblems {
  /** Rows the reader dropped because their time was not after the row before (the file's, so the same at every rate). */
  droppedRows: number;
}

export interface JsonRun {
  hz: number;
  reps: JsonRep[];
  sets: JsonSet[];
  /** What was set aside besides the skipped samples: the engine's samples rejected as glitches, wraps of a modulo-360° angle undone, dead stops at the sensor's limit and that limit (°), refused rep candidates, gaps that split phases; the reader's dropped rows. */
  problems: JsonProblems;
  /** Why the run has no rep, in words; null when it has reps. */
  noReps: string | null;
}

export interface JsonFile {
  file: string;
  samples: number;
  skipped: number;
  /** The rate the file was recorded at, from its median step between samples (Hz, 4 significant digits); null with one sample. */
  recordedHz: number | null;
  /** What to know before trusting the file's figures, in words (rules/recordingNotes.ts: rows dropped, a rate too low); stderr says them too. */
  warnings: string[];
  runs: JsonRun[];
}

/** A file that could not be processed, and why (the problem stderr says, without the file's name). */
export interface JsonFailure {
  file: string;
  problem: string;
  /** The row and column of the file the problem is in, when the reader named them. */
  row: number | null;
  column: string | null;
}

export interface JsonDocument {
  version: typeof JSON_VERSION;
  files: JsonFile[];
  failed: JsonFailure[];
}

/** What the figures depend on besides the reps: the warmup each set's figures leave out, and the inertia. */
export interface JsonSettings {
  warmup: number;
  inertia: number;
}

/**
 * Writes the document (the text of a JsonDocument, then a newline) file by file as results come,
 * so no file's reps wait for the others' (an hour's runs hold megabytes); the failures, a line
 * each, wait for the end.
 */
export function jsonWriter(write: (text: string) => void, settings: JsonSettings): { file(result: FileResult): void; failed(file: string, failure: Failure): void; end(): void } {
  let files = 0;
  const failures: JsonFailure[] = [];
  write(`{"version":${JSON_VERSION},"files":[`);
  return {
    file(r) {
      const hz = recordedHz(r.stepUs);
      const file: JsonFile = {
        file: r.file,
        samples: r.samples,
        skipped: r.skipped,
        recordedHz: hz === null ? null : Number(hz.toPrecision(4)),
        warnings: recordingNotes(r.dropped, r.stepUs),
        runs: r.runs.map((run) => ({
          ...jsonRun(run.hz, run.reps, settings),
          problems: { ...run.problems, droppedRows: r.dropped.rows },
          noReps: run.reps.length > 0 ? null : noRepReason({ file: r, run }),
        })),
      };
      write((files++ === 0 ? '' : ',') + JSON.stringify(file));
    },
    failed(file, { message, row, column }) {
      failures.push({ file, problem: message, row, column });
    },
    end: () => write(`],"failed":${JSON.stringify(failures)}}\n`),
  };
}

function jsonRun(hz: number, reps: readonly Rep[], settings: JsonSettings): Omit<JsonRun, 'problems' | 'noReps'> {
  const rules = setRules(settings.warmup);
  const sets = numberedSets(reps, rules);
  return {
    hz,
    reps: sets.flatMap((set, i) => set.map((rep) => jsonRep(rep, i + 1, settings.inertia))),
    sets: sets.map((set, i) => jsonSet(summariseSet(i, set, rules), settings.inertia)),
  };
}

function jsonRep(rep: Rep, set: number, inertia: number): JsonRep {
  return {
    count: rep.count,
    set,
    concentric: shownPhase(rep.concentric, inertia),
    eccentric: shownPhase(rep.eccentric, inertia),
    peakPowerRatio: powerFigure(rep.peakPowerRatio, inertia),
    meanPowerRatio: powerFigure(rep.meanPowerRatio, inertia),
  };
}

function jsonSet(s: SetSummary, inertia: number): JsonSet {
  return {
    set: s.index + 1,
    reps: s.reps,
    counted: s.counted,
    bestConcentricVelocity: s.best,
    meanConcentricVelocity: s.mean,
    velocityLoss: s.velocityLoss,
    work: powerFigure(s.work, inertia),
    eccentricOverload: powerFigure(s.overload, inertia),
  };
}
