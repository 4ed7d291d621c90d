/**
 * When a set or a session has ended, for a sync in the background (docs/sync.md §10, "after each
 * set"): the set's goal reached (the Workout view's `setDone`), the rope at rest for longer than
 * the set rest after a rep (what ends a set without a goal, rules/sets.ts), and the unit
 * disconnected (the session finished; the run waits for the journal to have written it).
 */
import { effect, type ReadonlySignal } from '@preact/signals-react';

export interface SetSignals {
  /** The reps of the set on screen. */
  reps: ReadonlySignal<readonly unknown[]>;
  /** The set on screen is done (its goal reached, or a Fatigue set complete). */
  setDone: ReadonlySignal<boolean>;
  /** A unit is connected (or reconnecting). */
  connected: ReadonlySignal<boolean>;
  /** The set rest, ms: a longer rest ends a set. */
  restMs: () => number;
  after: (ms: number, run: () => void) => () => void;
}

/** Calls `ended` at the end of each set and session; returns the function that stops watching. */
export function watchSetsEnding(signals: SetSignals, ended: () => void): () => void {
  let cancelRest = (): void => {};
  let reps = signals.reps.peek().length;
  let done = signals.setDone.peek();
  let connected = signals.connected.peek();
  const stops = [
    effect(() => {
      const now = signals.reps.value.length;
      const more = now > reps;
      reps = now;
      cancelRest();
      cancelRest = more ? signals.after(signals.restMs() + 1000, ended) : () => {};
    }),
    effect(() => {
      const now = signals.setDone.value;
      if (now && !done) ended();
      done = now;
    }),
    effect(() => {
      const now = signals.connected.value;
      if (!now && connected) ended();
      connected = now;
    }),
  ];
  return () => {
    cancelRest();
    for (const stop of stops) stop();
  };
}
