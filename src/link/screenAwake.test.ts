import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestLink } from '../compose/testing/testLink';
import { createManualScheduler } from '../device/simulation/scheduler';
import { createFakeUnit } from '../device/testing/fakeUnit';
import type { WakeLockPort } from '../platform/wakeLock/port';
import { FakeWakeLock } from '../platform/wakeLock/testing/fakeWakeLock';
import { keepScreenAwake, UNSUPPORTED_HINT } from './screenAwake';

let t: ReturnType<typeof createTestLink>;
let stop: () => void;
beforeEach(() => {
  t = createTestLink();
  stop = () => {};
});
afterEach(async () => {
  await t.link.disconnect();
  stop();
  t.link.dispose();
});

/** Keeps the screen awake with `lock` while the test link's unit is connected. */
function keepAwake(lock: WakeLockPort): () => void {
  const { connection, workoutHints, alerts } = t.stores;
  return keepScreenAwake(lock, { reconnector: t.link.reconnector, connection: connection.state, hint: workoutHints.wakeLockHint, onError: alerts.showError });
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('keeping the screen awake', () => {
  it('holds the wake lock exactly while a unit is connected', async () => {
    const lock = new FakeWakeLock();
    stop = keepAwake(lock);
    expect(lock.held).toBe(false);
    await t.link.connect(createFakeUnit());
    expect(lock.held).toBe(true);
    await t.link.disconnect();
    expect([lock.held, lock.acquireCalls, lock.releaseCalls]).toEqual([false, 1, 1]);
  });

  it('keeps it through reconnect attempts and lets it go when the app gives up', async () => {
    const lock = new FakeWakeLock();
    stop = keepAwake(lock);
    const scheduler = createManualScheduler();
    t.drive({ after: scheduler.after, schedule: { initialDelayMs: 100, factor: 1, maxDelayMs: 100, maxAttempts: 2, attemptTimeoutMs: 1000 } });
    const unit = Object.assign(createFakeUnit(), { reconnect: () => Promise.reject(new Error('out of reach')) });
    await t.link.connect(unit);
    unit.dropConnection();
    expect(lock.held).toBe(true);
    for (let i = 0; i < 4; i++) {
      scheduler.advance(100);
      await flush();
    }
    expect(lock.held).toBe(false);
  });

  it('shows a quiet hint while connected where the browser cannot keep the screen on', async () => {
    stop = keepAwake(new FakeWakeLock('unsupported'));
    expect(t.stores.workoutHints.wakeLockHint.value).toBeNull();
    await t.link.connect(createFakeUnit());
    await flush();
    expect(t.stores.workoutHints.wakeLockHint.value).toBe(UNSUPPORTED_HINT);
    await t.link.disconnect();
    expect(t.stores.workoutHints.wakeLockHint.value).toBeNull();
  });

  it('passes on the reason when the platform refuses', async () => {
    stop = keepAwake(new FakeWakeLock('refuses'));
    await t.link.connect(createFakeUnit());
    await flush();
    expect(t.stores.workoutHints.wakeLockHint.value).toBe('The screen may turn off during the workout: NotAllowedError: refused by the test');
  });
});
