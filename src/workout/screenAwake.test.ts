import { signal } from '@preact/signals-react';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualScheduler } from '../device/simulation/scheduler';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { FakeWakeLock } from '../platform/wakeLock/fakeWakeLock';
import { bindLiveSession, connectUnit, disconnectUnit } from '../link/connection';
import { createLiveSession } from './liveSession';
import { keepScreenAwake, UNSUPPORTED_HINT } from './screenAwake';
import { wakeLockHint } from '../stores/workoutHints';
import { fakeEngineApi } from './testing/fakeEngine';
import { createFakeUnit } from '../device/testing/fakeUnit';
import { setReconnectTiming } from '../link/reconnection';

bindLiveSession(createLiveSession({ engine: fakeEngineApi, settings: signal({ ...DEFAULT_ENGINE_SETTINGS }), requestFrame: (cb) => cb(), onError: () => {} }));

let stop = () => {};
afterEach(async () => {
  await disconnectUnit();
  stop();
});

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('keeping the screen awake', () => {
  it('holds the wake lock exactly while a unit is connected', async () => {
    const lock = new FakeWakeLock();
    stop = keepScreenAwake(lock);
    expect(lock.held).toBe(false);
    await connectUnit(createFakeUnit());
    expect(lock.held).toBe(true);
    await disconnectUnit();
    expect([lock.held, lock.acquireCalls, lock.releaseCalls]).toEqual([false, 1, 1]);
  });

  it('keeps it through reconnect attempts and lets it go when the app gives up', async () => {
    const lock = new FakeWakeLock();
    stop = keepScreenAwake(lock);
    const scheduler = createManualScheduler();
    setReconnectTiming({ after: scheduler.after, schedule: { initialDelayMs: 100, factor: 1, maxDelayMs: 100, maxAttempts: 2, attemptTimeoutMs: 1000 } });
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
    stop = keepScreenAwake(new FakeWakeLock('unsupported'));
    expect(wakeLockHint.value).toBeNull();
    await connectUnit(createFakeUnit());
    await flush();
    expect(wakeLockHint.value).toBe(UNSUPPORTED_HINT);
    await disconnectUnit();
    expect(wakeLockHint.value).toBeNull();
  });

  it('passes on the reason when the platform refuses', async () => {
    stop = keepScreenAwake(new FakeWakeLock('refuses'));
    await connectUnit(createFakeUnit());
    await flush();
    expect(wakeLockHint.value).toBe('The screen may turn off during the workout: NotAllowedError: refused by the test');
  });
});
