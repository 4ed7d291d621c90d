/**
 * Reps of a session recorded in stretches ("segments"): whenever the link to the unit drops, or a
 * recovered session carries on over a new connection, the samples after it start a new segment.
 *
 * Why: the engine's rep detector follows the rope across any time gap. A rep whose pull was seen
 * before a drop and whose return after it would be stitched from two movements with an unseen
 * one in between: an invented rep. So each segment gets its own engine run, ended like the end of
 * data: a trailing rep whose return came to rest is kept, a rep cut mid-movement is not counted
 * (its end was never recorded, and the engine never guesses an end). The next segment starts in
 * an unknown direction, so a return stroke seen first makes no rep (the engine's rule for data
 * that starts mid-movement). Reps are numbered across segments — index, count and point indices —
 * so the warmup is the session's first reps, not each segment's.
 *
 * One function of (samples, segment starts, settings) serves the live stream, a settings change,
 * recovery and the history export, so all four show the same reps.
 */
import type { EngineSettings, IncrementalEngine, Rep, SampleBatch, SampleProblems, Turn } from '../engine/types';

export type EngineFactory = (settings: EngineSettings) => IncrementalEngine;

export interface SegmentedUpdate {
  /** Reps closed by this call, numbered for the whole session. */
  reps: Rep[];
  /** Concentric phases this call made certain, numbered the same way. */
  turns: Turn[];
  /** Input samples the engine dropped (time not increasing, non-finite). */
  skipped: number;
  /** What else the engine set aside in these samples (glitches, wraps, saturation, refused reps). */
  problems?: SampleProblems;
}

export class SegmentedEngine {
  private engine: IncrementalEngine | null = null;
  /** Reps and grid points of the segments already ended. */
  private repBase = 0;
  private pointBase = 0;
  /** Reps and grid points of the segment in progress. */
  private repsHere = 0;
  private pointsHere = 0;
  /** The open segment's latest turn whose rep has not closed yet. */
  private pending: Turn | null = null;

  constructor(
    private readonly create: EngineFactory,
    private readonly settings: EngineSettings,
  ) {}

  /** The concentric under way on screen: certain, but its rep not closed yet (null otherwise). */
  get pendingTurn(): Turn | null {
    return this.pending;
  }

  /** Samples of the segment in progress (a new one begins after `endSegment`). */
  push(batch: SampleBatch): SegmentedUpdate {
    this.engine ??= this.create(this.settings);
    const update = this.engine.push(batch);
    this.pointsHere += update.pointCount;
    const turns = update.turns.map((turn) => this.placeTurn(turn));
    // A turn comes before its rep, so the last turn is pending unless a rep of its index closed.
    const reps = this.place(update.reps);
    this.pending = turns.at(-1) ?? this.pending;
    if (this.pending !== null && reps.some((rep) => rep.index >= this.pending!.index)) this.pending = null;
    return { reps, turns, skipped: update.skipped, problems: update.problems };
  }

  /** Ends the segment in progress as at the end of data; returns its trailing rep, if any. */
  endSegment(): Rep[] {
    const engine = this.engine;
    if (engine === null) return [];
    try {
      const update = engine.finish();
      this.pointsHere += update.pointCount;
      return this.place(update.reps);
    } finally {
      engine.dispose();
      this.engine = null;
      // A concentric whose rep did not close by the end of its segment was cut: it is no rep.
      this.pending = null;
      this.repBase += this.repsHere;
      this.pointBase += this.pointsHere;
      this.repsHere = 0;
      this.pointsHere = 0;
    }
  }

  dispose(): void {
    this.engine?.dispose();
    this.engine = null;
  }

  private placeTurn(turn: Turn): Turn {
    const index = this.repBase + turn.index;
    return { ...turn, index, count: index - this.settings.warmup + 1, start: this.pointBase + turn.start, turn: this.pointBase + turn.turn };
  }

  private place(reps: readonly Rep[]): Rep[] {
    this.repsHere += reps.length;
    return reps.map((rep) => {
      const index = this.repBase + rep.index;
      return {
        ...rep,
        index,
        count: index - this.settings.warmup + 1,
        start: this.pointBase + rep.start,
        turn: this.pointBase + rep.turn,
        end: this.pointBase + rep.end,
      };
    });
  }
}

/** What a replay feeds: a segmented engine, or one per load (loadedEngine.ts). */
export type SegmentedSink = Pick<SegmentedEngine, 'push' | 'endSegment'>;

/**
 * Feeds a whole recording into `engine`, segment by segment. `starts` are the sample indices
 * where segments after the first begin, ascending. Every segment is ended except, when
 * `lastOpen`, the last one (the live stream carries on into it). Returns every rep closed.
 */
export function replaySegments(engine: SegmentedSink, samples: SampleBatch, starts: readonly number[], lastOpen: boolean): Rep[] {
  const n = samples.timeUs.length;
  const bounds = [0, ...starts, n];
  for (let i = 1; i < bounds.length; i++) {
    if (!(bounds[i]! >= bounds[i - 1]! && bounds[i]! <= n)) {
      throw new Error(`segment starts [${starts.join(', ')}] must ascend within ${n} samples`);
    }
  }
  const reps: Rep[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [from, to] = [bounds[i]!, bounds[i + 1]!];
    if (to > from) reps.push(...engine.push({ timeUs: samples.timeUs.subarray(from, to), angleDeg: samples.angleDeg.subarray(from, to) }).reps);
    const last = i + 2 === bounds.length;
    if (!(last && lastOpen)) reps.push(...engine.endSegment());
  }
  return reps;
}
