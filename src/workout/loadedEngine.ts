/**
 * The session's engine across load changes (rules/loads.ts) and changes of athlete or exercise
 * (rules/setTags.ts): each rep is computed with the inertia, mass and radius in force when its
 * movement started (rules/engineStretches.ts), so a plate change or the next athlete between sets
 * leaves the earlier sets' torque, force and power as they were.
 *
 * How: the engine's rep detection depends on the angle alone, never on the inertia, mass or
 * radius, so an engine run with any of them finds the very same reps; only the figures that scale
 * with them differ. So there is one run (a segmented engine, segmentedEngine.ts) per stretch, each
 * fed the session from its start, and each keeps only the reps that start within
 * its stretch. A run whose stretch is over stops once it has handed on a rep or turn that starts
 * after the stretch (its reps come in order, so none of its own can follow) or once a segment
 * ends after the stretch. Live, that is one run, two for a moment after a change.
 *
 * The reps of a run are exactly those a whole-session reprocessing at its inertia gives, so the
 * live stream, a settings change, recovery and the history all show the same reps.
 */
import type { EngineSettings, Rep, SampleBatch, Turn } from '../engine/types';
import { engineStretches, type EngineStretch } from '../rules/engineStretches';
import type { LoadSpan } from '../rules/loads';
import type { TagSpan } from '../rules/setTags';
import { replaySegments, SegmentedEngine, type EngineFactory, type SegmentedUpdate } from './segmentedEngine';

interface Run {
  engine: SegmentedEngine;
  fromUs: number;
  toUs: number;
}

const within = (run: Run, startUs: number): boolean => startUs >= run.fromUs && startUs < run.toUs;

export class LoadedEngine {
  private runs: Run[];
  /** The newest sample time pushed, µs. */
  private lastUs = Number.NEGATIVE_INFINITY;

  constructor(create: EngineFactory, stretches: readonly EngineStretch[]) {
    this.runs = stretches.map(({ settings, fromUs, toUs }) => ({ engine: new SegmentedEngine(create, settings), fromUs, toUs }));
  }

  /** The concentric under way on screen: certain, its rep not closed yet (null otherwise). */
  get pendingTurn(): Turn | null {
    let pending: Turn | null = null;
    for (const run of this.runs) {
      const turn = run.engine.pendingTurn;
      if (turn !== null && within(run, turn.startUs) && (pending === null || turn.index > pending.index)) pending = turn;
    }
    return pending;
  }

  /** Samples of the segment in progress; reps and turns in session order. */
  push(batch: SampleBatch): SegmentedUpdate {
    const n = batch.timeUs.length;
    if (n > 0) this.lastUs = Math.max(this.lastUs, batch.timeUs[n - 1]!);
    const reps: Rep[] = [];
    const turns: Turn[] = [];
    let skipped = 0;
    let problems: SegmentedUpdate['problems'];
    for (const run of this.runs) {
      const update = run.engine.push(batch);
      // Every run sees the same samples and drops and rejects the same ones (the engine judges
      // samples by the angle alone, never the inertia).
      skipped = update.skipped;
      problems = update.problems;
      reps.push(...update.reps.filter((rep) => within(run, rep.startUs)));
      turns.push(...update.turns.filter((turn) => within(run, turn.startUs)));
      if ([...update.reps, ...update.turns].some((r) => r.startUs >= run.toUs)) this.retire(run);
    }
    this.prune();
    return { reps: sortByIndex(reps), turns: sortByIndex(turns), skipped, problems };
  }

  /** Ends the segment in progress as at the end of data; returns the trailing reps, if any. */
  endSegment(): Rep[] {
    const reps: Rep[] = [];
    for (const run of this.runs) {
      reps.push(...run.engine.endSegment().filter((rep) => within(run, rep.startUs)));
      // Every rep under way has closed or been cut: a stretch already over has nothing to come.
      if (run.toUs <= this.lastUs) this.retire(run);
    }
    this.prune();
    return sortByIndex(reps);
  }

  dispose(): void {
    for (const run of this.runs) run.engine.dispose();
    this.runs = [];
  }

  private retire(run: Run): void {
    run.engine.dispose();
    run.toUs = Number.NEGATIVE_INFINITY;
  }

  private prune(): void {
    this.runs = this.runs.filter((run) => run.toUs > run.fromUs);
  }
}

function sortByIndex<T extends { index: number }>(items: T[]): T[] {
  return items.sort((a, b) => a.index - b.index);
}

/** Every rep of a finished recording (recovery, history): all segments ended, each rep at its load, athlete and exercise. */
export function reprocessLoads(
  create: EngineFactory,
  samples: SampleBatch,
  starts: readonly number[],
  settings: EngineSettings,
  loads: readonly LoadSpan[],
  tags: readonly TagSpan[] = [],
): Rep[] {
  const engine = new LoadedEngine(create, engineStretches(settings, loads, tags));
  try {
    return replaySegments(engine, samples, starts, false);
  } finally {
    engine.dispose();
  }
}
