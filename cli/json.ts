/**
 * The `--json` document: one object on stdout that scripts can rely on (issue 5 schema).
 * Durations in seconds, every metric SI, warmup reps included with count ≤ 0. Files that failed
 * are not listed: they are reported on stderr and by the exit status.
 */
import { PHASE_FIELDS, type PhaseSummary, type Rep } from '../src/engine/types';
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

/** Copies exactly the schema's keys, in schema order, whatever else a summary may carry. */
function jsonPhase(p: PhaseSummary): JsonPhase {
  return Object.fromEntries(PHASE_FIELDS.map((key) => [key, p[key]])) as unknown as JsonPhase;
}
