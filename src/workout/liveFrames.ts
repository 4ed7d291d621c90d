/**
 * What the live stream brings reaches the screen at most once per animation frame: the work of
 * every notification between two frames (reps closed, the turn under way, sample counts and the
 * unit's warnings) is collected, then written to the session's signals in one `batch`, so a
 * 200 Hz stream never re-renders the screen 200 times a second. Listeners hear of each frame that
 * closed reps or made a new turn certain, once per turn.
 */
import { batch, type Signal } from '@preact/signals-react';
import type { Rep, SampleProblems, Turn } from '../engine/types';
import { addProblems, NO_PROBLEMS } from '../rules/problemCounts';
import type { RawBuffer } from './rawBuffer';

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

/** What one frame of the live stream brought: reps it closed, and a turn it made certain. */
export interface LiveReps {
  closed: Rep[];
  /** A concentric made certain this frame whose rep is still open; null when there is none. */
  turn: Turn | null;
}

/** Work collected between two frames. */
export interface FrameWork {
  reps: Rep[];
  /** The engine's turn under way after this frame's samples (undefined: unchanged). */
  turn?: Turn | null;
  received: number;
  skipped: number;
  problems: SampleProblems;
  warnings: number;
  lastWarning: string | null;
}

export const EMPTY_STATS: SampleStats = { received: 0, skipped: 0, problems: NO_PROBLEMS, warnings: 0, lastWarning: null };

/** How many of the newest raw samples `latest` shows. */
const LATEST = 8;

export interface LiveFramesDeps {
  /** The session's signals a frame writes. */
  reps: Signal<Rep[]>;
  turn: Signal<Turn | null>;
  stats: Signal<SampleStats>;
  latest: Signal<LatestSample[]>;
  /** The raw samples, whose newest `latest` shows. */
  raw: Pick<RawBuffer, 'length' | 'view'>;
  requestFrame: (callback: () => void) => void;
}

export interface LiveFrames {
  /** Adds to the work of the next frame, then asks for that frame (a synchronous scheduler flushes at once). */
  queue(add: (work: FrameWork) => void): void;
  /** Writes the work collected so far now. */
  flush(): void;
  /** The reps closed since the last frame, not on screen yet. */
  pendingReps(): readonly Rep[];
  /** The session's reps and turn were replaced (processed again): the frame's own are dropped. */
  dropReps(): void;
  /** Tells the listeners of reps closed outside a frame (a segment ended). */
  tell(news: LiveReps): void;
  /** Forgets the collected work and the turns told (the set was cleared). */
  clear(): void;
  onLiveReps(listener: (news: LiveReps) => void): () => void;
  dispose(): void;
}

export function createLiveFrames(deps: LiveFramesDeps): LiveFrames {
  const { reps, turn, stats, latest, raw } = deps;
  const listeners = new Set<(news: LiveReps) => void>();
  /** Index of the last turn told to listeners, so a turn is told once (the session's numbering). */
  let announcedTurn = -1;
  let pending: FrameWork | null = null;
  let frameRequested = false;

  function tell(news: LiveReps): void {
    for (const listener of listeners) listener(news);
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
    if (work.reps.length > 0 || newTurn !== null) tell({ closed: work.reps, turn: newTurn });
  }

  return {
    queue(add) {
      pending ??= { reps: [], received: 0, skipped: 0, problems: NO_PROBLEMS, warnings: 0, lastWarning: null };
      add(pending);
      if (!frameRequested) {
        frameRequested = true;
        deps.requestFrame(flush);
      }
    },
    flush,
    pendingReps: () => pending?.reps ?? [],
    dropReps() {
      if (pending) {
        pending.reps = [];
        pending.turn = undefined;
      }
    },
    tell,
    clear() {
      pending = null;
      announcedTurn = -1;
    },
    onLiveReps(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      listeners.clear();
    },
  };
}
