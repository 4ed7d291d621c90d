/**
 * The live session: samples from the connected unit go straight into the incremental engine
 * (liveEngine.ts), and the reps it closes reach the signals at most once per animation frame
 * (liveFrames.ts), so a 200 Hz stream never re-renders the screen 200 times a second.
 *
 * Consistency: when an engine setting changes (mass, warmup, rate, radius…), the session's raw
 * samples are processed again (liveEngine.ts says how). A device-side disconnection ends the
 * stream but keeps the reps; a new connection starts a new session.
 *
 * Loads (rules/loads.ts): the plates' inertia and the boost are the session's load, and who
 * trains what (`who`: the athlete and exercise, with the engine's mass and radius for them and
 * their warmup) its tags (rules/setTags.ts), kept over the session's time as followSpans.ts says;
 * the RPE and notes given after sets are kept with them.
 *
 * Breaks (see sessionTimeline.ts and segmentedEngine.ts): `interrupt()` marks a link drop, after
 * which the same unit may stream again into the same session; a batch `afterBreak` (the unit's
 * clock jumped or restarted, see SampleStream) breaks the same way; `attach(unit, { continueSession })`
 * carries a recovered session on over a new connection. Either way the engine ends its segment at
 * the break, so no rep is stitched across it, and the samples after it are numbered on. Every
 * batch as recorded, and every gap before it, reaches `onRecorded` listeners (the journal).
 */
import { batch, signal, type ReadonlySignal } from '@preact/signals-react';
import type { EngineSettings, EngineUpdate, IncrementalEngine, Rep, SampleBatch, Turn } from '../engine/types';
import type { RawSamples, SampleWarning, Unit } from '../device/unit';
import { addProblems } from '../rules/problemCounts';
import { firstLoads, type Load, type LoadSpan } from '../rules/loads';
import { changeTagSettings, withNote, type SetNote, type Tag, type TagSettings, type TagSpan } from '../rules/setTags';
import { followSpans } from './followSpans';
import { createLiveEngine } from './liveEngine';
import { createLiveFrames, EMPTY_STATS, type LatestSample, type LiveReps, type SampleStats } from './liveFrames';
import { RawBuffer } from './rawBuffer';
import type { SegmentedUpdate } from './segmentedEngine';
import type { Gap } from './sessionTimeline';
import { messageOf } from '../shared/messageOf';

export type { LatestSample, LiveReps, SampleStats } from './liveFrames';

export interface EngineApi {
  createEngine(settings?: Partial<EngineSettings>): IncrementalEngine;
  reprocess(batch: SampleBatch, settings?: Partial<EngineSettings>): EngineUpdate;
}

export interface LiveSessionOptions {
  engine: EngineApi;
  /** The engine settings; their `inertia` is the plates' total, the load's inertia. */
  settings: ReadonlySignal<EngineSettings>;
  /** The motor's eccentric boost, %: the load's other half (absent: a unit without boost). */
  boost?: ReadonlySignal<number>;
  /** Who trains what now, with its engine mass, radius and warmup; null (or absent): nobody named, the settings' mass and radius. */
  who?: ReadonlySignal<Who | null>;
  /** Schedules the signal update; defaults to requestAnimationFrame. */
  requestFrame?: (callback: () => void) => void;
  /** Where failures of the engine go (the alert region); the stream keeps flowing. */
  onError: (message: string) => void;
}

/**
 * The athlete and exercise up now, with what they set for their reps (rules/setTags.ts); `since`:
 * the change applies to the reps that start after this time on the session's clock rather than
 * after the newest sample (a set over at its goal rep: the reps after it are nobody's, however
 * late the screen heard of the goal).
 */
export type Who = Tag & Required<TagSettings> & { since?: number };

export interface LiveSession {
  readonly reps: ReadonlySignal<Rep[]>;
  /**
   * The rep whose concentric is certain but whose return is still under way: its pull's figures
   * show (and are spoken) at the turn, one eccentric before the rep closes. Null otherwise, and
   * when a break cuts the return (that rep is not counted).
   */
  readonly turn: ReadonlySignal<Turn | null>;
  readonly stats: ReadonlySignal<SampleStats>;
  /** The session's loads over time, first first (rules/loads.ts). */
  readonly loads: ReadonlySignal<LoadSpan[]>;
  /** Who trained what over time, first first (rules/setTags.ts); none while nobody is named. */
  readonly tags: ReadonlySignal<TagSpan[]>;
  /** The RPE and notes given after the session's sets, oldest first. */
  readonly notes: ReadonlySignal<SetNote[]>;
  /** Keeps `note` for the set it names (`setStarts`: each set's first rep start, ascending), replacing an older one of that set. */
  rate(note: SetNote, setStarts: readonly number[]): void;
  /** The newest few raw samples, newest last (for the test page). */
  readonly latest: ReadonlySignal<LatestSample[]>;
  /** True while a unit streams into the engine. */
  readonly live: ReadonlySignal<boolean>;
  /** Streams `unit` into a new session, or on into the current one with `continueSession`. */
  attach(unit: Unit, options?: { continueSession?: boolean }): void;
  /** The link dropped: ends the engine's segment (its trailing rep at rest shows); the unit may stream again. */
  interrupt(): void;
  /** End of the stream: closes a trailing rep, keeps everything on screen. */
  detach(): void;
  /** Clears the set: reps, raw samples, counters. */
  reset(): void;
  /**
   * Replaces the session with recorded samples, gaps, loads, tags and notes (recovery), processed
   * with the current settings; without loads, the current load throughout; without tags, whoever
   * is up now throughout.
   */
  restore(raw: SampleBatch, gaps?: readonly Gap[], loads?: readonly LoadSpan[], recorded?: { tags?: readonly TagSpan[]; notes?: readonly SetNote[] }): void;
  /** A copy of the raw samples so far. */
  raw(): SampleBatch;
  /** A copy of the newest `count` raw samples (fewer if there are not that many). */
  recent(count: number): SampleBatch;
  /** The gaps between the session's segments, device time. */
  gaps(): Gap[];
  /** Called after each frame in which the live stream closed reps or made a new turn certain. */
  onLiveReps(listener: (news: LiveReps) => void): () => void;
  /** Called synchronously with each batch as recorded, after the gap it closes, if any. */
  onRecorded(listener: RecordListener): () => void;
  dispose(): void;
}

export interface RecordListener {
  gap(gap: Gap): void;
  samples(samples: RawSamples): void;
}

export function createLiveSession(options: LiveSessionOptions): LiveSession {
  const { settings, onError } = options;
  const boost = options.boost ?? signal(0);
  const loadNow = (): Load => ({ inertia: settings.peek().inertia, boost: boost.peek() });
  const who = options.who ?? signal<Who | null>(null);
  const tagsNow = (): TagSpan[] => {
    const now = who.peek();
    return now === null ? [] : changeTagSettings([], now, null, false);
  };
  const reps = signal<Rep[]>([]);
  const turn = signal<Turn | null>(null);
  const stats = signal<SampleStats>(EMPTY_STATS);
  const latest = signal<LatestSample[]>([]);
  const live = signal(false);
  const loads = signal<LoadSpan[]>(firstLoads(loadNow()));
  const tags = signal<TagSpan[]>(tagsNow());
  const notes = signal<SetNote[]>([]);
  const recorders = new Set<RecordListener>();
  const requestFrame = options.requestFrame ?? ((cb: () => void) => void requestAnimationFrame(cb));
  const raw = new RawBuffer();
  const frames = createLiveFrames({ reps, turn, stats, latest, raw, requestFrame });
  const engine = createLiveEngine({ createEngine: options.engine.createEngine, settings: settings.peek(), raw, reps, turn, loads, tags, frames, onError });
  const { timeline } = engine;
  let unsubscribe: (() => void)[] = [];

  function onSamples(samples: RawSamples): void {
    if (!engine.running) return;
    if (samples.afterBreak) engine.breakSegment('clock');
    const placed = timeline.place(samples.timeUs);
    if (placed.gap !== null) for (const r of recorders) r.gap(placed.gap);
    raw.append(placed.timeUs, samples.angleDeg);
    let update: SegmentedUpdate | null = null;
    try {
      update = engine.push({ timeUs: Float64Array.from(placed.timeUs), angleDeg: Float64Array.from(samples.angleDeg) });
    } catch (error) {
      onError(`The engine failed on new samples: ${messageOf(error)}`);
    }
    const recorded = { timeUs: placed.timeUs, angleDeg: samples.angleDeg };
    for (const r of recorders) r.samples(recorded);
    frames.queue((work) => {
      work.received += samples.timeUs.length;
      if (update === null) return;
      work.reps.push(...update.reps);
      work.turn = engine.pendingTurn;
      work.skipped += update.skipped;
      work.problems = addProblems(work.problems, update.problems);
    });
  }

  function onWarning(warning: SampleWarning): void {
    frames.queue((work) => {
      work.warnings += 1;
      work.lastWarning = warning.message;
    });
  }

  const stopWatching = followSpans({ settings, boost, who, loads, tags, raw, engine });

  function detach(): void {
    for (const off of unsubscribe) off();
    unsubscribe = [];
    if (!engine.running) return;
    engine.endSegment('Closing the last rep failed');
    engine.stop();
    live.value = false;
  }

  function clear(): void {
    raw.clear();
    timeline.clear();
    frames.clear();
    batch(() => {
      reps.value = [];
      turn.value = null;
      stats.value = EMPTY_STATS;
      latest.value = [];
      loads.value = firstLoads(loadNow());
      tags.value = tagsNow();
      notes.value = [];
    });
  }

  return {
    reps,
    turn,
    stats,
    loads,
    tags,
    notes,
    latest,
    live,
    rate(note, setStarts) {
      notes.value = withNote(notes.peek(), note, setStarts);
    },
    attach(unit, options = {}) {
      if (engine.running) detach();
      if (options.continueSession && raw.length > 0) {
        engine.run(settings.peek());
        timeline.interrupt('connection');
        engine.rebuild(settings.peek(), loads.peek(), tags.peek());
      } else {
        clear();
        engine.run(settings.peek());
      }
      unsubscribe = [unit.on('samples', onSamples), unit.on('warning', onWarning)];
      live.value = true;
    },
    interrupt() {
      engine.breakSegment('link');
    },
    detach,
    reset() {
      clear();
      if (engine.running) {
        engine.stop();
        engine.run(settings.peek());
      }
    },
    restore(batchIn, gaps = [], recordedLoads, recorded = {}) {
      clear();
      raw.append(batchIn.timeUs, batchIn.angleDeg);
      timeline.restore(batchIn.timeUs, gaps);
      notes.value = [...(recorded.notes ?? [])];
      engine.rebuild(settings.peek(), recordedLoads === undefined ? firstLoads(loadNow()) : [...recordedLoads], recorded.tags === undefined ? tagsNow() : [...recorded.tags]);
    },
    raw: () => raw.snapshot(),
    recent(count) {
      const view = raw.view();
      const from = Math.max(0, raw.length - count);
      return { timeUs: view.timeUs.slice(from), angleDeg: view.angleDeg.slice(from) };
    },
    gaps: () => timeline.gaps.map((gap) => ({ ...gap })),
    onLiveReps: frames.onLiveReps,
    onRecorded(listener) {
      recorders.add(listener);
      return () => recorders.delete(listener);
    },
    dispose() {
      detach();
      stopWatching();
      frames.dispose();
      recorders.clear();
    },
  };
}
