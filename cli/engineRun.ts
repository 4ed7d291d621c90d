/**
 * One run of the engine over a whole recording, reps only, fed the import's pieces one push each
 * (at most 64 Ki samples). The engine copies each push into its wasm memory, which never shrinks,
 * so pushing an hour at once would keep that copy's footprint for the rest of the command. Any
 * slicing gives the same reps bit for bit (engine-rs/src/tests/streaming.rs), as in a live session.
 */
import type { EngineSettings, EngineUpdate, IncrementalEngine, Rep, SampleBatch, SampleProblems } from '../src/engine/types';
import { addProblems, NO_PROBLEMS } from '../src/rules/sampleProblems';

export type CreateEngine = (settings: Partial<EngineSettings>) => IncrementalEngine;

/**
 * Hands each push's closed reps to `onReps` as they come, so that a caller that passes them on
 * keeps none; returns the samples the engine dropped (time not increasing, a value not finite)
 * and what else it set aside (glitches, wraps, saturation, refused reps).
 */
export function runEngine(pieces: readonly SampleBatch[], settings: EngineSettings, createEngine: CreateEngine, onReps: (reps: Rep[]) => void): { skipped: number; problems: SampleProblems } {
  const engine = createEngine(settings);
  try {
    let skipped = 0;
    let problems: SampleProblems = NO_PROBLEMS;
    const take = (update: EngineUpdate) => {
      if (update.reps.length > 0) onReps(update.reps);
      skipped += update.skipped;
      problems = addProblems(problems, update.problems);
    };
    for (const piece of pieces) take(engine.push(piece));
    take(engine.finish());
    return { skipped, problems };
  } finally {
    engine.dispose();
  }
}
