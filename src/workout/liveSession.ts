/**
 * The live session: samples from the connected unit go straight into the incremental engine, and
 * the reps it closes reach the signals at most once per animation frame (one `batch`), so a
 * 200 Hz stream never re-renders the screen 200 times a second.
 *
 * Consistency: when an engine setting changes (mass, warmup, rate, radius…), the session's raw
 * samples are processed again. While the unit streams, a fresh incremental engine is fed the whole
 * raw record so later samples continue from the same state; once the stream has ended, every
 * segment is ended (which also closes a trailing rep) for the final figures. A device-side
 * disconnection ends the stream but keeps the reps; a new connection starts a new session.
 *
 * Loads (rules/loads.ts): the plates' inertia and the boost are the session's load. A change
 * while the unit streams and a rep has started under the load in force applies to the reps that
 * start after it (a new set, the earlier reps keep their inertia: loadedEngine.ts); otherwise it
 * corrects the load in force, whose reps are processed again with it. Who trains what (`who`:
 * the athlete and exercise, with the engine's mass and radius for them and their warmup) is kept
 * the same way as tag spans (rules/setTags.ts), and the RPE and notes given after sets with them.
 *
 * Breaks (see sessionTimeline.ts and segmentedEngine.ts): `interrupt()` marks a link drop, after
 * which the same unit may stream again into the same session; a batch `afterBreak` (the unit's
 * clock jumped or restarted, see SampleStream) breaks the same way; `attach(unit, { continueSession })`
 * carries a recovered session on over a new connection. Either way the engine ends its segment at
 * the break, so no rep is stitched across it, and the samples after it are numbered on. Every
 * batch as recorded, and every gap before it, reaches `onRecorded` listeners (the journal).
 */
import { batch, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { EngineSettings, EngineUpdate, IncrementalEngine, Rep, SampleBatch, SampleProblems, Turn } from '../engine/types';
import { addProblems, NO_PROBLEMS } from '../rules/problemCounts';
import type { RawSamples, SampleWarning, Unit } from '../device/unit';
import { engineStretches, sameStretches } from '../rules/engineStretches';
import { changeLoad, firstLoads, type Load, type LoadSpan } from '../rules/loads';
import { changeTagSettings, withNote, type SetNote, type Tag, type TagSettings, type TagSpan } from '../rules/setTags';
import { LoadedEngine } from './loadedEngine';
import { RawBuffer } from './rawBuffer';
import { replaySegments, type SegmentedUpdate } from './segmentedEngine';
import { SessionTimeline, type Gap } from './sessionTimeline';
import { messageOf } from '../shared/messageOf';

export interface EngineApi {
  createEngine(settings?: Partial<EngineSettings>): IncrementalEngine;
  reprocess(batch: SampleBatch, settings?: Partial<EngineSettings>): EngineUpdate;
}

export interface SampleStats {
  /** Samples received from the unit this session. */
  received: number;
  /** Samples the engine dropped (time not increasing, non-finite). */
  skipped: number;
  /** What else the engine set aside in the samples: glitches rejected, wraps, saturation, refused reps. */
  problems: SampleProblems;
  /** Packets or samples the unit itself skipped, with the latest reason. */
  warnings: number;
  lastWarning: string | null;
}

export interface LatestSample {
  timeUs: number;
  angleDeg: number;
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

/** The athlete and exercise up now, with what they set for their reps (rules/setTags.ts). */
export type Who = Tag & Required<TagSettings>;

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

/** What one frame of the live stream brought: reps it closed, and a turn it made certain. */
export interface LiveReps {
  closed: Rep[];
  /** A concentric made certain this frame whose rep is still open; null when there is none. */
  turn: Turn | null;
}

export interface RecordListener {
  gap(gap: Gap): void;
  samples(samples: RawSamples): void;
}

/** Work collected between two frames. */
interface Pending {
  reps: Rep[];
  /** The engine's turn under way after this frame's samples (undefined: unchanged). */
  turn?: Turn | null;
  received: number;
  skipped: number;
  problems: SampleProblems;
  warnings: number;
  lastWarning: string | null;
}

const LATEST = 8;
const EMPTY_STATS: SampleStats = { received: 0, skipped: 0, problems: NO_PROBLEMS, warnings: 0, lastWarning: null };

/** The settings each stretch is computed with differ per stretch (rules/engineStretches.ts); these are the same for all. */
const PER_STRETCH: readonly (keyof EngineSettings)[] = ['inertia', 'mass', 'radius'];

/** Whether two settings process samples alike, what each stretch sets aside. */
function sameProcessing(a: EngineSettings, b: EngineSettings): boolean {
  return (Object.keys(a) as (keyof EngineSettings)[]).every((key) => PER_STRETCH.includes(key) || a[key] === b[key]);
}

export function createLiveSession(options: LiveSessionOptions): LiveSession {
  const { engine: api, settings, onError } = options;
  const boost = options.boost ?? signal(0);
  const loadNow = (): Load => ({ inertia: settings.peek().inertia, boost: boost.peek() });
  const who = options.who ?? signal<Who | null>(null);
  const tagsNow = (): TagSpan[] => {
    const now = who.peek();
    return now === null ? [] : changeTagSettings([], now, null, false);
  };
  const requestFrame = options.requestFrame ?? ((cb: () => void) => void requestAnimationFrame(cb));
  const reps = signal<Rep[]>([]);
  const turn = signal<Turn | null>(null);
  const stats = signal<SampleStats>(EMPTY_STATS);
  const latest = signal<LatestSample[]>([]);
  const live = signal(false);
  const loads = signal<LoadSpan[]>(firstLoads(loadNow()));
  const tags = signal<TagSpan[]>(tagsNow());
  const notes = signal<SetNote[]>([]);
  const raw = new RawBuffer();
  const timeline = new SessionTimeline();
  const listeners = new Set<(news: LiveReps) => void>();
  /** Index of the last turn told to listeners, so a turn is told once (the session's numbering). */
  let announcedTurn = -1;
  const recorders = new Set<RecordListener>();
  let engine: LoadedEngine | null = null;
  let unsubscribe: (() => void)[] = [];
  let pending: Pending | null = null;
  let frameRequested = false;
  let applied = settings.peek();
  let appliedStretches = engineStretches(applied, loads.peek(), tags.peek());

  /** Adds to the work of the next frame, then asks for that frame (a synchronous scheduler flushes at once). */
  function queue(add: (work: Pending) => void): void {
    pending ??= { reps: [], received: 0, skipped: 0, problems: NO_PROBLEMS, warnings: 0, lastWarning: null };
    add(pending);
    if (!frameRequested) {
      frameRequested = true;
      requestFrame(flush);
    }
  }

  function flush(): void {
    frameRequested = false;
    const work = pending;
    pending = null;
    if (work === null) return;
    const view = raw.view();
    const from = Math.max(0, raw.length - LATEST);
    batch(() => {
      if (work.reps.length > 0) reps.value = [...reps.value, ...work.reps];
      if (work.turn !== undefined) turn.value = work.turn;
      const s = stats.value;
      stats.value = {
        received: s.received + work.received,
        skipped: s.skipped + work.skipped,
        problems: addProblems(s.problems, work.problems),
        warnings: s.warnings + work.warnings,
        lastWarning: work.lastWarning ?? s.lastWarning,
      };
      latest.value = Array.from(view.timeUs.subarray(from), (timeUs, i) => ({ timeUs, angleDeg: view.angleDeg[from + i] }));
    });
    const newTurn = work.turn != null && work.turn.index !== announcedTurn ? work.turn : null;
    if (newTurn !== null) announcedTurn = newTurn.index;
    if (work.reps.length > 0 || newTurn !== null) for (const listener of listeners) listener({ closed: work.reps, turn: newTurn });
  }

  function onSamples(samples: RawSamples): void {
    if (engine === null) return;
    if (samples.afterBreak) breakSegment('clock');
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
    queue((work) => {
      work.received += samples.timeUs.length;
      if (update === null) return;
      work.reps.push(...update.reps);
      work.turn = engine?.pendingTurn ?? null;
      work.skipped += update.skipped;
      work.problems = addProblems(work.problems, update.problems);
    });
  }

  function onWarning(warning: SampleWarning): void {
    queue((work) => {
      work.warnings += 1;
      work.lastWarning = warning.message;
    });
  }

  function discardEngine(): void {
    engine?.dispose();
    engine = null;
  }

  /** An engine for the session's stretches with `s`, `spans` and `tagSpans`, which become the applied ones. */
  function engineFor(s: EngineSettings, spans: readonly LoadSpan[], tagSpans: readonly TagSpan[]): LoadedEngine {
    applied = s;
    appliedStretches = engineStretches(s, spans, tagSpans);
    return new LoadedEngine(api.createEngine, appliedStretches);
  }

  /**
   * Processes the whole raw record again with `s`, `spans` and `tagSpans`, segment by segment.
   * While streaming, the last segment stays open in the new engine so later samples continue it;
   * otherwise every segment is ended, which also closes a trailing rep.
   */
  function rebuild(s: EngineSettings, spans: LoadSpan[], tagSpans: TagSpan[]): void {
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
        if (pending) {
          pending.reps = [];
          pending.turn = undefined;
        }
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
  }

  /** Ends the engine's segment and shows the rep it closes, if any. */
  function endSegment(end: () => Rep[], context: string): void {
    if (engine === null) return;
    flush();
    try {
      const trailing = end();
      batch(() => {
        if (trailing.length > 0) reps.value = [...reps.value, ...trailing];
        turn.value = null;
      });
      if (trailing.length > 0) for (const listener of listeners) listener({ closed: trailing, turn: null });
    } catch (error) {
      onError(`${context}: ${messageOf(error)}`);
    }
  }

  /** A break in the stream (link drop, clock fault): the rep in progress ends here, unstitched. */
  function breakSegment(kind: 'link' | 'clock'): void {
    const current = engine;
    if (current === null || timeline.interrupted) return;
    endSegment(() => current.endSegment(), 'Closing the rep before the gap failed');
    timeline.interrupt(kind);
  }

  /** Whether a rep has started under the span in force (closed, at its turn, or closing this frame). */
  function startedUnder(span: { fromUs: number }): boolean {
    const starts = [...reps.peek(), ...(pending?.reps ?? [])].map((rep) => rep.startUs);
    const under = engine?.pendingTurn ?? turn.peek();
    if (under !== null) starts.push(under.startUs);
    return starts.some((startUs) => startUs >= span.fromUs);
  }

  const stopWatching = effect(() => {
    const s = settings.value;
    const load = { inertia: s.inertia, boost: boost.value };
    const now = who.value;
    const [before, tagsBefore] = [loads.peek(), tags.peek()];
    const newest = raw.length > 0 ? raw.view().timeUs[raw.length - 1]! : null;
    // Only a streaming session has a "before" and "after" the change; a finished one is corrected.
    const spans = changeLoad(before, load, newest, engine !== null && startedUnder(before.at(-1)!));
    const lastTag = tagsBefore.at(-1);
    const tagSpans = now === null ? tagsBefore : changeTagSettings(tagsBefore, now, newest, engine !== null && lastTag !== undefined && startedUnder(lastTag));
    if (!sameProcessing(s, applied) || !sameStretches(engineStretches(s, spans, tagSpans), appliedStretches)) rebuild(s, spans, tagSpans);
    else
      batch(() => {
        if (spans !== before) loads.value = spans;
        if (tagSpans !== tagsBefore) tags.value = tagSpans;
      });
  });

  function detach(): void {
    for (const off of unsubscribe) off();
    unsubscribe = [];
    if (engine === null) return;
    const current = engine;
    endSegment(() => current.endSegment(), 'Closing the last rep failed');
    discardEngine();
    live.value = false;
  }

  function clear(): void {
    raw.clear();
    timeline.clear();
    pending = null;
    announcedTurn = -1;
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
      if (engine !== null) detach();
      if (options.continueSession && raw.length > 0) {
        engine = engineFor(settings.peek(), loads.peek(), tags.peek());
        timeline.interrupt('connection');
        rebuild(settings.peek(), loads.peek(), tags.peek());
      } else {
        clear();
        engine = engineFor(settings.peek(), loads.peek(), tags.peek());
      }
      unsubscribe = [unit.on('samples', onSamples), unit.on('warning', onWarning)];
      live.value = true;
    },
    interrupt() {
      breakSegment('link');
    },
    detach,
    reset() {
      clear();
      if (engine !== null) {
        discardEngine();
        engine = engineFor(settings.peek(), loads.peek(), tags.peek());
      }
    },
    restore(batchIn, gaps = [], recordedLoads, recorded = {}) {
      clear();
      raw.append(batchIn.timeUs, batchIn.angleDeg);
      timeline.restore(batchIn.timeUs, gaps);
      notes.value = [...(recorded.notes ?? [])];
      rebuild(settings.peek(), recordedLoads === undefined ? firstLoads(loadNow()) : [...recordedLoads], recorded.tags === undefined ? tagsNow() : [...recorded.tags]);
    },
    raw: () => raw.snapshot(),
    recent(count) {
      const view = raw.view();
      const from = Math.max(0, raw.length - count);
      return { timeUs: view.timeUs.slice(from), angleDeg: view.angleDeg.slice(from) };
    },
    gaps: () => timeline.gaps.map((gap) => ({ ...gap })),
    onLiveReps(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onRecorded(listener) {
      recorders.add(listener);
      return () => recorders.delete(listener);
    },
    dispose() {
      detach();
      stopWatching();
      listeners.clear();
      recorders.clear();
    },
  };
}
