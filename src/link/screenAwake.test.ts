import { afterEach, describe, expect, it } from 'vitest';
import { createManualScheduler } from '../device/simulation/scheduler';
import { createFakeUnit } from '../device/testing/fakeUnit';
import { createTestLink } from './testing/testLink';
import { FakeWakeLock } from '../platform/wakeLock/fakeWakeLock';
import { wakeLockHint } from '../stores/workoutHints';
import { keepScreenAwake, UNSUPPORTED_HINT } from './screenAwake';

const { link, drive } = createTestLink();
const { connect: connectUnit, disconnect: disconnectUnit } = link;

let stop = () => {};
afterEach(async () => {
  await disconnectUnit();
  stop();
});

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('keeping the screen awake', () => {
  it('holds the wake lock exactly while a unit is connected', async () => {
    const lock = new FakeWakeLock();
    stop = keepScreenAwake(lock, link.reconnector);
    expect(lock.held).toBe(false);
    await connectUnit(createFakeUnit());
    expect(lock.held).toBe(true);
    await disconnectUnit();
    expect([lock.held, lock.acquireCalls, lock.releaseCalls]).toEqual([false, 1, 1]);
  });

  it('keeps it through reconnect attempts and lets it go when the app gives up', async () => {
    const lock = new FakeWakeLock();
    stop = keepScreenAwake(lock, link.reconnector);
    const scheduler = createManualScheduler();
    drive({ after: scheduler.after, schedule: { initialDelayMs: 100, factor: 1, maxDelayMs: 100, maxAttempts: 2, attemptTimeoutMs: 1000 } });
    const unit = Object.assign(createFakeUnit(), { reconnect: () => Promise.reject(new Error('out of reach')) });
    await connectUnit(unit);
    unit.dropConnection();
    expect(lock.held).toBe(true);
    for (let i = 0; i < 4; i++) {
      scheduler.advance(100);
      await flush();
    }
    expect(lock.held).toBe(false);
  });

  it('shows a quiet hint while connected where the browser cannot keep the screen on', async () => {
    stop = keepScreenAwake(new FakeWakeLock('unsupported'), link.reconnector);
    expect(wakeLockHint.value).toBeNull();
    await connectUnit(createFakeUnit());
    await flush();
    expect(wakeLockHint.value).toBe(UNSUPPORTED_HINT);
    await disconnectUnit();
    expect(wakeLockHint.value).toBeNull();
  });

  it('passes on the reason when the platform refuses', async () => {
    stop = keepScreenAwake(new FakeWakeLock('refuses'), link.reconnector);
    await connectUnit(createFakeUnit());
    await flush();
    expect(wakeLockHint.value).toBe('The screen may turn off during the workout: NotAllowedError: refused by the test');
  });
});
