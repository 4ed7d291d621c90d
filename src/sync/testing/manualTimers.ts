/**
 * Timers a test fires by hand, in the shape of the `after` the sync is handed (SyncDeps): a test
 * says when a wait is over instead of sleeping through it, and sees which waits are pending.
 */

export interface ManualTimers {
  after(ms: number, run: () => void): () => void;
  /** The waits asked for and not yet fired or cancelled, in ms, oldest first. */
  readonly pending: readonly number[];
  /** Fires every pending wait. */
  fireAll(): void;
}

export function manualTimers(): ManualTimers {
  let waits: { ms: number; run: () => void }[] = [];
  return {
    after(ms, run) {
      const wait = { ms, run };
      waits.push(wait);
      return () => void (waits = waits.filter((w) => w !== wait));
    },
    get pending() {
      return waits.map((w) => w.ms);
    },
    fireAll() {
      const due = waits;
      waits = [];
      for (const wait of due) wait.run();
    },
  };
}
