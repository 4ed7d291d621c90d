/**
 * The `--json` document: one object on stdout that scripts can rely on (its schema is in the README).
 * Durations in seconds, every metric SI, warmup reps included with count ≤ 0. Files that failed
 * are not listed: they are reported on stderr and by the exit status.
 */
import type { PhaseSummary, Rep } from '../src/engine/types';
import type { FileResult } from './batch';

/** One phase of one rep: exactly the engine's per-phase summary. */
export type JsonPhase = PhaseSummary;

/**
 * Schema version: 1 had the per-phase means and peak velocity; 2 adds peak power and work per
 * phase and the eccentric-overload ratios per rep.
 */
export const JSON_VERSION = 2;

export interface JsonRep {
  count: number;
  concentric: JsonPhase;
  eccentric: JsonPhase;
  /** Eccentric / concentric peak power; 0 without concentric power. */
  peakPowerRatio: number;
  /** Eccentric / concentric mean power; 0 without concentric power. */
  meanPowerRatio: number;
}

export interface JsonDocument {
  version: typeof JSON_VERSION;
  files: {
    file: string;
    samples: number;
    skipped: number;
    runs: { hz: number; reps: JsonRep[] }[];
  }[];
}

export function jsonDocument(results: readonly FileResult[]): JsonDocument {
  return {
    version: JSON_VERSION,
    files: results.map((r) => ({
      file: r.file,
      samples: r.samples,
      skipped: r.skipped,
      runs: r.runs.map((run) => ({ hz: run.hz, reps: run.reps.map(jsonRep) })),
    })),
  };
}

function jsonRep(rep: Rep): JsonRep {
  return {
    count: rep.count,
    concentric: jsonPhase(rep.concentric),
    eccentric: jsonPhase(rep.eccentric),
    peakPowerRatio: rep.peakPowerRatio,
    meanPowerRatio: rep.meanPowerRatio,
  };
}

/** The engine's per-phase summary as it is (its fields are the engine's, engine-rs/src/bindings.rs). */
function jsonPhase(p: PhaseSummary): JsonPhase {
  return { ...p };
}
