/**
 * The live session as start-up code holds it. The session's own code (liveSession.ts with its
 * raw record, timeline and engine runs per load) loads after the Workout screen has rendered,
 * with the engine: nothing can stream before the engine runs anyway. Until it is in, this
 * stand-in shows an empty set (its signals read the real session's once there is one), keeps the
 * listeners it is given, and has nothing to interrupt, end or reset. Whatever needs the session
 * at once (a unit connecting, a session being recovered) awaits `load()` first, as it awaits the
 * engine; calling those before is a mistake, and says so.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import type { Rep, SampleBatch, Turn } from '../engine/types';
import type { LoadSpan } from '../rules/loads';
import type { SetNote, TagSpan } from '../rules/setTags';
import type { LiveReps, LiveSession, RecordListener, SampleStats } from './liveSession';

export interface DeferredSession extends LiveSession {
  /** Loads and creates the session (once); resolves when every call works. */
  load(): Promise<void>;
}

// No sample yet, so no problem counted (rules/problemCounts.ts's NO_PROBLEMS, written out: that
// module rides with the session's code, not the start-up's).
const NO_STATS: SampleStats = { received: 0, skipped: 0, problems: { rejected: 0, unwrapped: 0, saturated: 0, saturationDeg: 0, refused: 0, gaps: 0 }, warnings: 0, lastWarning: null };
const NO_REPS: Rep[] = [];
const NO_LOADS: LoadSpan[] = [];
const NO_TAGS: TagSpan[] = [];
const NO_NOTES: SetNote[] = [];

/** Keeps `listener` on the session once there is one; the returned function takes it off either way. */
type Subscribe<L> = (session: LiveSession, listener: L) => () => void;

export function deferredSession(create: () => Promise<LiveSession>): DeferredSession {
  const real = signal<LiveSession | null>(null);
  let loading: Promise<void> | null = null;
  let disposed = false;
  /** Listeners given before the session was in, and how to put each on it. */
  const waiting = new Map<unknown, (session: LiveSession) => void>();
  const offs = new Map<unknown, () => void>();

  function listen<L>(subscribe: Subscribe<L>, listener: L): () => void {
    const session = real.peek();
    if (session !== null) return subscribe(session, listener);
    waiting.set(listener, (s) => offs.set(listener, subscribe(s, listener)));
    return () => {
      waiting.delete(listener);
      offs.get(listener)?.();
      offs.delete(listener);
    };
  }

  function loaded(what: string): LiveSession {
    const session = real.peek();
    if (session === null) throw new Error(`The live session is still loading; ${what} once it has (await load())`);
    return session;
  }

  /** A signal of the real session's, or `none` until there is one. */
  const follow = <T>(pick: (session: LiveSession) => ReadonlySignal<T>, none: T) => computed(() => {
    const session = real.value;
    return session === null ? none : pick(session).value;
  });

  return {
    reps: follow((s) => s.reps, NO_REPS),
    turn: follow<Turn | null>((s) => s.turn, null),
    stats: follow((s) => s.stats, NO_STATS),
    loads: follow((s) => s.loads, NO_LOADS),
    tags: follow((s) => s.tags, NO_TAGS),
    notes: follow((s) => s.notes, NO_NOTES),
    latest: follow((s) => s.latest, []),
    live: follow((s) => s.live, false),
    rate: (note, setStarts) => loaded('rate a set').rate(note, setStarts),
    load() {
      loading ??= create().then((session) => {
        if (disposed) {
          session.dispose();
          return;
        }
        real.value = session;
        for (const attach of waiting.values()) attach(session);
        waiting.clear();
      });
      return loading;
    },
    attach: (unit, options) => loaded('attach a unit').attach(unit, options),
    interrupt: () => real.peek()?.interrupt(),
    detach: () => real.peek()?.detach(),
    reset: () => real.peek()?.reset(),
    restore: (raw, gaps, loads, recorded) => loaded('restore a session').restore(raw, gaps, loads, recorded),
    raw: (): SampleBatch => real.peek()?.raw() ?? { timeUs: new Float64Array(0), angleDeg: new Float64Array(0) },
    recent: (count): SampleBatch => real.peek()?.recent(count) ?? { timeUs: new Float64Array(0), angleDeg: new Float64Array(0) },
    gaps: () => real.peek()?.gaps() ?? [],
    onLiveReps: (listener: (news: LiveReps) => void) => listen((s, l) => s.onLiveReps(l), listener),
    onRecorded: (listener: RecordListener) => listen((s, l) => s.onRecorded(l), listener),
    dispose() {
      disposed = true;
      real.peek()?.dispose();
      waiting.clear();
      offs.clear();
    },
  };
}
