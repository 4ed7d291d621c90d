/**
 * The run loop (runLoop.ts) with runs the test ends by hand and hand-fired timers: one run at a
 * time, a run asked for meanwhile once after it, a failed run's retry after the wait it asked
 * for, and that retry cancelled by a run started sooner or by `cancelRetry`.
 */
import { describe, expect, it } from 'vitest';
import { createRunLoop } from './runLoop';
import { manualTimers } from './testing/manualTimers';

interface Started {
  end(): void;
  retryAfter(ms: number): void;
}

/** A loop whose runs end when the test says; `started` lists them in the order they began. */
function loopOfHandRuns() {
  const timers = manualTimers();
  const started: Started[] = [];
  const loop = createRunLoop(
    (retryAfter) =>
      new Promise<void>((resolve) => {
        started.push({ end: resolve, retryAfter });
      }),
    timers.after,
  );
  return { loop, timers, started };
}

/** Lets every promise callback due run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A loop whose first run failed and asked for a retry after `ms`. */
async function afterFailedRun(ms: number) {
  const hand = loopOfHandRuns();
  void hand.loop.kick();
  hand.started[0]!.retryAfter(ms);
  hand.started[0]!.end();
  await settle();
  return hand;
}

/** Whether `promise` has resolved, read after `settle`. */
function watch(promise: Promise<void>): { readonly done: boolean } {
  let done = false;
  void promise.then(() => void (done = true));
  return {
    get done() {
      return done;
    },
  };
}

describe('the run loop', () => {
  it('runs one run at a time: those asked for meanwhile share one run after it, and each resolves when its run ended', async () => {
    const { loop, started } = loopOfHandRuns();
    expect(loop.running).toBe(false);
    const first = watch(loop.kick());
    expect(started).toHaveLength(1);
    expect(loop.running).toBe(true);

    const second = watch(loop.kick());
    const third = watch(loop.kick());
    await settle();
    expect(started).toHaveLength(1);

    started[0]!.end();
    await settle();
    expect(first.done).toBe(true);
    expect([second.done, third.done]).toEqual([false, false]);
    expect(started).toHaveLength(2);
    expect(loop.running).toBe(true);

    // Asked for while the queued run is under way: one more after it.
    const fourth = watch(loop.kick());
    started[1]!.end();
    await settle();
    expect([second.done, third.done, fourth.done]).toEqual([true, true, false]);
    expect(started).toHaveLength(3);

    started[2]!.end();
    await settle();
    expect(fourth.done).toBe(true);
    expect(started).toHaveLength(3);
    expect(loop.running).toBe(false);
  });

  it('starts a failed run’s retry after the wait it asked for', async () => {
    const { loop, timers, started } = await afterFailedRun(5_000);
    expect(timers.pending).toEqual([5_000]);
    expect(loop.retryWaits).toBe(true);
    expect(loop.running).toBe(false);

    timers.fireAll();
    expect(started).toHaveLength(2);
    expect(loop.retryWaits).toBe(false);
    expect(loop.running).toBe(true);
  });

  it('keeps one retry at a time: a later ask replaces the one waiting', async () => {
    const { loop, timers, started } = loopOfHandRuns();
    void loop.kick();
    started[0]!.retryAfter(5_000);
    started[0]!.retryAfter(20_000);
    started[0]!.end();
    await settle();
    expect(timers.pending).toEqual([20_000]);
  });

  it('cancels the retry waiting when a run starts sooner, and on cancelRetry', async () => {
    const { loop, timers, started } = await afterFailedRun(5_000);
    void loop.kick();
    expect(timers.pending).toEqual([]);
    expect(loop.retryWaits).toBe(false);
    expect(started).toHaveLength(2);

    started[1]!.retryAfter(10_000);
    started[1]!.end();
    await settle();
    expect(loop.retryWaits).toBe(true);
    loop.cancelRetry();
    expect(timers.pending).toEqual([]);
    expect(loop.retryWaits).toBe(false);
    await settle();
    expect(started).toHaveLength(2);
  });

  it('cancels a retry asked for by a run still ending when another run is asked for, and runs that one after it', async () => {
    const { loop, timers, started } = loopOfHandRuns();
    void loop.kick();
    started[0]!.retryAfter(5_000);
    expect(loop.retryWaits).toBe(true);

    const next = watch(loop.kick());
    expect(timers.pending).toEqual([]);
    started[0]!.end();
    await settle();
    expect(started).toHaveLength(2);
    started[1]!.end();
    await settle();
    expect(next.done).toBe(true);
  });
});
