/**
 * The `--json` document: one object on stdout that scripts can rely on (its schema is in the README).
 * Durations in seconds, every metric SI, warmup reps included with count ≤ 0. Files that failed
 * are not listed: they are reported on stderr and by the exit status.
 */
import type { PhaseSummary, Rep, SampleProblems } from '../src/engine/types';
import { whyNoReps } from '../src/rules/sampleProblems';
import { summariseSet, type SetSummary } from '../src/rules/sets';
import { splitSets } from '../src/rules/setSplit';
import type { FileResult } from './batch';
import { setRules } from './setRules';

/** One phase of one rep: exactly the engine's per-phase summary (its fields are the engine's, engine-rs/src/bindings.rs). */
export type JsonPhase = PhaseSummary;

/**
 * Schema version: 1 had the per-phase means and peak velocity; 2 adds peak power and work per
 * phase and the eccentric-overload ratios per rep; 3 adds the sets, per run, and each rep's set;
 * 4 adds, per run, what the engine set aside (`problems`) and why it found no rep (`noReps`).
 */
export const JSON_VERSION = 4;

export interface JsonRep {
  count: number;
  /** The rep's set, 1-based (the `sets` entry with the same number). */
  set: number;
  concentric: JsonPhase;
  eccentric: JsonPhase;
  /** Eccentric / concentric peak power; 0 without concentric power. */
  peakPowerRatio: number;
  /** Eccentric / concentric mean power; 0 without concentric power. */
  meanPowerRatio: number;
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
  /** Concentric + eccentric work, J. */
  work: number;
  /** Mean eccentric / concentric peak-power ratio; 0 when no rep has concentric power. */
  eccentricOverload: number;
}

export interface JsonRun {
  hz: number;
  reps: JsonRep[];
  sets: JsonSet[];
  /** What the engine set aside besides the skipped samples: samples rejected as glitches, wraps of a modulo-360° angle undone, dead stops at the sensor's limit and that limit (°), refused rep candidates. */
  problems: SampleProblems;
  /** Why the run has no rep, in words; null when it has reps. */
  noReps: string | null;
}

export interface JsonFile {
  file: string;
  samples: number;
  skipped: number;
  runs: JsonRun[];
}

export interface JsonDocument {
  version: typeof JSON_VERSION;
  files: JsonFile[];
}

/**
 * Writes the document (the text of a JsonDocument, then a newline) file by file as results come,
 * so no file's reps wait for the others' (an hour's runs hold megabytes). `warmup`: the warmup
 * setting, which each set's figures leave out.
 */
export function jsonWriter(write: (text: string) => void, warmup: number): { file(result: FileResult): void; end(): void } {
  let files = 0;
  write(`{"version":${JSON_VERSION},"files":[`);
  return {
    file(r) {
      const file: JsonFile = {
        file: r.file,
        samples: r.samples,
        skipped: r.skipped,
        runs: r.runs.map((run) => ({
          ...jsonRun(run.hz, run.reps, warmup),
          problems: run.problems,
          noReps: whyNoReps(r.samples, { reps: run.reps, skipped: run.skipped, pointCount: 0, problems: run.problems }),
        })),
      };
      write((files++ === 0 ? '' : ',') + JSON.stringify(file));
    },
    end: () => write(']}\n'),
  };
}

function jsonRun(hz: number, reps: readonly Rep[], warmup: number): Omit<JsonRun, 'problems' | 'noReps'> {
  const rules = setRules(warmup);
  const sets = splitSets(reps, rules);
  return {
    hz,
    reps: sets.flatMap((set, i) => set.map((rep) => jsonRep(rep, i + 1))),
    sets: sets.map((set, i) => jsonSet(summariseSet(i, set, rules))),
  };
}

function jsonRep(rep: Rep, set: number): JsonRep {
  return {
    count: rep.count,
    set,
    concentric: rep.concentric,
    eccentric: rep.eccentric,
    peakPowerRatio: rep.peakPowerRatio,
    meanPowerRatio: rep.meanPowerRatio,
  };
}

function jsonSet(s: SetSummary): JsonSet {
  return {
    set: s.index + 1,
    reps: s.reps,
    counted: s.counted,
    bestConcentricVelocity: s.best,
    meanConcentricVelocity: s.mean,
    velocityLoss: s.velocityLoss,
    work: s.work,
    eccentricOverload: s.overload,
  };
}
