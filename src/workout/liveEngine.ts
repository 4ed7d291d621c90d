/**
 * The live session's engine over its record: the raw samples' timeline of segments
 * (sessionTimeline.ts) and, while a unit streams, the incremental engine over the
 * session's stretches of one load and one athlete doing one exercise (rules/engineStretches.ts,
 * loadedEngine.ts).
 *
 * When what the engine computes with changes, the whole record is processed again, segment by
 * segment (segmentedEngine.ts): while streaming, a fresh engine is fed the record so later
 * samples continue from the same state; once the stream has ended, every segment is ended (which
 * also closes a trailing rep) for the final figures. A break (link drop, clock fault) ends the
 * engine's segment there, so no rep is stitched across it.
 */
import { batch, type Signal } from '@preact/signals-react';
import type { EngineSettings, Rep, SampleBatch, Turn } from '../engine/types';
import { engineStretches, sameStretches } from '../rules/engineStretches';
import type { LoadSpan } from '../rules/loads';
import type { TagSpan } from '../rules/setTags';
import { messageOf } from '../shared/messageOf';
import type { LiveFrames } from './liveFrames';
import { LoadedEngine } from './loadedEngine';
import type { RawBuffer } from './rawBuffer';
import { replaySegments, type EngineFactory, type SegmentedUpdate } from './segmentedEngine';
import { SessionTimeline, type BreakKind } from './sessionTimeline';

/** The settings each stretch is computed with differ per stretch (rules/engineStretches.ts); these are the same for all. */
const PER_STRETCH: readonly (keyof EngineSettings)[] = ['inertia', 'mass', 'radius'];

/** Whether two settings process samples alike, what each stretch sets aside. */
function sameProcessing(a: EngineSettings, b: EngineSettings): boolean {
  return (Object.keys(a) as (keyof EngineSettings)[]).every((key) => PER_STRETCH.includes(key) || a[key] === b[key]);
}

export interface LiveEngineDeps {
  createEngine: EngineFactory;
  /** The settings in force when the session is made. */
  settings: EngineSettings;
  /** The session's raw samples. */
  raw: RawBuffer;
  /** The session's signals a reprocessing writes: its reps, the turn under way, its loads and tags. */
  reps: Signal<Rep[]>;
  turn: Signal<Turn | null>;
  loads: Signal<LoadSpan[]>;
  tags: Signal<TagSpan[]>;
  frames: LiveFrames;
  onError: (message: string) => void;
}

export interface LiveEngine {
  readonly timeline: SessionTimeline;
  /** True while an engine runs (a unit streams into the session). */
  readonly running: boolean;
  /** The engine's turn under way, null when none (or no engine). */
  readonly pendingTurn: Turn | null;
  /** Starts an engine with `s` over the session's loads and tags (a unit begins to stream). */
  run(s: EngineSettings): void;
  /** Disposes of the engine (the stream ended). */
  stop(): void;
  /** Pushes samples placed on the timeline; throws what the engine throws. */
  push(batch: SampleBatch): SegmentedUpdate;
  /** Whether `s`, `spans` and `tagSpans` process the samples otherwise than the engine does now. */
  changes(s: EngineSettings, spans: readonly LoadSpan[], tagSpans: readonly TagSpan[]): boolean;
  /**
   * Processes the whole raw record again with `s`, `spans` and `tagSpans`, segment by segment.
   * While streaming, the last segment stays open in the new engine so later samples continue it;
   * otherwise every segment is ended, which also closes a trailing rep.
   */
  rebuild(s: EngineSettings, spans: LoadSpan[], tagSpans: TagSpan[]): void;
  /** Ends the engine's segment and shows the rep it closes, if any (`context` names a failure). */
  endSegment(context: string): void;
  /** A break in the stream (link drop, clock fault): the rep in progress ends here, unstitched. */
  breakSegment(kind: Exclude<BreakKind, 'connection'>): void;
  /** Whether a rep has started under the span in force (closed, at its turn, or closing this frame). */
  startedUnder(span: { fromUs: number }): boolean;
}

export function createLiveEngine(deps: LiveEngineDeps): LiveEngine {
  const { raw, reps, turn, loads, tags, frames, onError } = deps;
  const timeline = new SessionTimeline();
  let engine: LoadedEngine | null = null;
  let applied = deps.settings;
  let appliedStretches = engineStretches(applied, loads.peek(), tags.peek());

  /** An engine for the session's stretches with `s`, `spans` and `tagSpans`, which become the applied ones. */
  function engineFor(s: EngineSettings, spans: readonly LoadSpan[], tagSpans: readonly TagSpan[]): LoadedEngine {
    applied = s;
    appliedStretches = engineStretches(s, spans, tagSpans);
    return new LoadedEngine(deps.createEngine, appliedStretches);
  }

  function endSegment(context: string): void {
    const current = engine;
    if (current === null) return;
    frames.flush();
    try {
      const trailing = current.endSegment();
      batch(() => {
        if (trailing.length > 0) reps.value = [...reps.value, ...trailing];
        turn.value = null;
      });
      if (trailing.length > 0) frames.tell({ closed: trailing, turn: null });
    } catch (error) {
      onError(`${context}: ${messageOf(error)}`);
    }
  }

  return {
    timeline,
    get running() {
      return engine !== null;
    },
    get pendingTurn() {
      return engine?.pendingTurn ?? null;
    },
    run(s) {
      engine = engineFor(s, loads.peek(), tags.peek());
    },
    stop() {
      engine?.dispose();
      engine = null;
    },
    push(samples) {
      if (engine === null) throw new Error('No engine runs: no unit streams');
      return engine.push(samples);
    },
    changes: (s, spans, tagSpans) => !sameProcessing(s, applied) || !sameStretches(engineStretches(s, spans, tagSpans), appliedStretches),
    rebuild(s, spans, tagSpans) {
      batch(() => {
        loads.value = spans;
        tags.value = tagSpans;
      });
      const next = engineFor(s, spans, tagSpans);
      try {
        const all = replaySegments(next, raw.view(), timeline.starts, engine !== null && !timeline.interrupted);
        const live = engine !== null;
        if (live) {
          engine!.dispose();
          engine = next;
          frames.dropReps();
        } else {
          next.dispose();
        }
        batch(() => {
          reps.value = all;
          turn.value = live ? next.pendingTurn : null;
        });
      } catch (error) {
        next.dispose();
        onError(`Reprocessing the session failed: ${messageOf(error)}`);
      }
    },
    endSegment,
    breakSegment(kind) {
      if (engine === null || timeline.interrupted) return;
      endSegment('Closing the rep before the gap failed');
      timeline.interrupt(kind);
    },
    startedUnder(span) {
      const starts = [...reps.peek(), ...frames.pendingReps()].map((rep) => rep.startUs);
      const under = engine?.pendingTurn ?? turn.peek();
      if (under !== null) starts.push(under.startUs);
      return starts.some((startUs) => startUs >= span.fromUs);
    },
  };
}
