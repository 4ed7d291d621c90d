/**
 * The `--json` document: one object on stdout that scripts can rely on (its schema is in the README).
 * Durations in seconds, every metric SI, warmup reps included with count ≤ 0. Files that failed
 * are not listed: they are reported on stderr and by the exit status.
 */
import type { PhaseSummary, Rep } from '../src/engine/types';
import type { FileResult } from './batch';

/** One phase of one rep: exactly the engine's per-phase summary. */
export type JsonPhase = PhaseSummary;

export interface JsonDocument {
  files: {
    file: string;
    samples: number;
    skipped: number;
    runs: { hz: number; reps: { count: number; concentric: JsonPhase; eccentric: JsonPhase }[] }[];
  }[];
}

export function jsonDocument(results: readonly FileResult[]): JsonDocument {
  return {
    files: results.map((r) => ({
      file: r.file,
      samples: r.samples,
      skipped: r.skipped,
      runs: r.runs.map((run) => ({ hz: run.hz, reps: run.reps.map(jsonRep) })),
    })),
  };
}

function jsonRep(rep: Rep): JsonDocument['files'][number]['runs'][number]['reps'][number] {
  return { count: rep.count, concentric: jsonPhase(rep.concentric), eccentric: jsonPhase(rep.eccentric) };
}

/** The engine's per-phase summary as it is (its fields are the engine's, engine-rs/src/bindings.rs). */
function jsonPhase(p: PhaseSummary): JsonPhase {
  return { ...p };
}
