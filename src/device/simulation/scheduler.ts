/**
 * Time for the simulated unit, injectable so tests are deterministic: the real scheduler uses
 * the browser's timers, the manual one only moves when a test calls `advance`.
 */

export interface Scheduler {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Calls `fn` every `ms` until the returned function is called. */
  every(ms: number, fn: () => void): () => void;
  /** Calls `fn` once after `ms` unless the returned function is called first. */
  after(ms: number, fn: () => void): () => void;
}

export const realScheduler: Scheduler = {
  now: () => performance.now(),
  every(ms, fn) {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
  after(ms, fn) {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
};

export interface ManualScheduler extends Scheduler {
  /** Runs every timer falling due within the next `ms`, in time order, then sets the clock. */
  advance(ms: number): void;
  /** Timers still pending. */
  readonly pending: number;
}

interface Timer {
  due: number;
  interval: number | undefined;
  fn: () => void;
}

export function createManualScheduler(startMs = 0): ManualScheduler {
  let now = startMs;
  const timers = new Set<Timer>();
  const add = (ms: number, fn: () => void, interval: number | undefined) => {
    if (!(ms >= 0)) throw new RangeError(`A timer delay must be ≥ 0 ms, got ${ms}`);
    if (interval !== undefined && !(interval > 0)) throw new RangeError(`An interval must be > 0 ms, got ${interval}`);
    const timer: Timer = { due: now + ms, interval, fn };
    timers.add(timer);
    return () => {
      timers.delete(timer);
    };
  };
  return {
    now: () => now,
    every: (ms, fn) => add(ms, fn, ms),
    after: (ms, fn) => add(ms, fn, undefined),
    get pending() {
      return timers.size;
    },
    advance(ms) {
      if (!(ms >= 0)) throw new RangeError(`Cannot advance by ${ms} ms`);
      const until = now + ms;
      for (;;) {
        let next: Timer | undefined;
        for (const t of timers) if (t.due <= until && (!next || t.due < next.due)) next = t;
        if (!next) break;
        now = next.due;
        if (next.interval === undefined) timers.delete(next);
        else next.due += next.interval;
        next.fn();
      }
      now = until;
    },
  };
}
