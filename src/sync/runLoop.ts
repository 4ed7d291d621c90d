/**
 * Sync runs one at a time (docs/sync.md §10): two runs side by side would push the same changes
 * twice and race for the journal's marks. A run asked for while one is under way runs once after
 * it, however many ask meanwhile (each asker's promise resolves when that run ended): what they
 * want synced is all in the journal by then. A failed run may ask for another after a wait (the
 * backoff it decides on); a run started sooner makes that wait pointless, so it is cancelled.
 */

/** One run; it may ask through `retryAfter` for another `ms` later (a later ask replaces one waiting). */
export type Run = (retryAfter: (ms: number) => void) => Promise<void>;

export interface RunLoop {
  /** Starts a run now, or once after the run under way; resolves when that run ended. Cancels a retry waiting. */
  kick(): Promise<void>;
  /** Whether a run is under way (a run asked for meanwhile is queued after it). */
  readonly running: boolean;
  /** Whether a retry waits for its time. */
  readonly retryWaits: boolean;
  /** Cancels the retry waiting, if any. */
  cancelRetry(): void;
}

/** `after` runs a function after `ms` and returns the function that cancels it (SyncDeps). */
export function createRunLoop(run: Run, after: (ms: number, run: () => void) => () => void): RunLoop {
  let current: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let cancelWait: (() => void) | null = null;

  function cancelRetry(): void {
    cancelWait?.();
    cancelWait = null;
  }

  function retryAfter(ms: number): void {
    cancelRetry();
    cancelWait = after(ms, () => {
      cancelWait = null;
      void kick();
    });
  }

  function kick(): Promise<void> {
    cancelRetry();
    if (current === null) {
      current = run(retryAfter).finally(() => {
        current = null;
      });
      return current;
    }
    queued ??= current.then(() => {
      queued = null;
      return kick();
    });
    return queued;
  }

  return {
    kick,
    get running() {
      return current !== null;
    },
    get retryWaits() {
      return cancelWait !== null;
    },
    cancelRetry,
  };
}
