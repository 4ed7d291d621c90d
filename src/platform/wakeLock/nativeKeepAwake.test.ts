import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWakeLock } from './testing/fakeWakeLock';
import type { WakeLockStatus } from './port';
import { NativeKeepAwake } from './nativeKeepAwake';
import { notImplemented } from '../testing/pluginDouble';

const keepAwake = vi.hoisted(() => ({ calls: [] as string[], keepAwake: vi.fn(), allowSleep: vi.fn() }));

vi.mock('@capacitor-community/keep-awake', async () => {
  const { pluginDouble } = await import('../testing/pluginDouble');
  return { KeepAwake: pluginDouble('KeepAwake', { keepAwake: keepAwake.keepAwake, allowSleep: keepAwake.allowSleep }) };
});

beforeEach(() => {
  keepAwake.calls.length = 0;
  keepAwake.keepAwake.mockReset().mockImplementation(async () => void keepAwake.calls.push('keepAwake'));
  keepAwake.allowSleep.mockReset().mockImplementation(async () => void keepAwake.calls.push('allowSleep'));
});

function lock() {
  const web = new FakeWakeLock();
  const native = new NativeKeepAwake(() => web);
  const seen: WakeLockStatus[] = [];
  native.subscribe((s) => seen.push(s));
  return { web, native, seen };
}

describe('NativeKeepAwake', () => {
  it('keeps the screen on once acquired and lets it sleep on release', async () => {
    const { native, seen } = lock();
    expect(native.status).toEqual({ kind: 'off' });
    expect(await native.acquire()).toEqual({ kind: 'held' });
    await native.release();
    expect(keepAwake.calls).toEqual(['keepAwake', 'allowSleep']);
    expect(seen).toEqual([{ kind: 'held' }, { kind: 'off' }]);
  });

  it('asks the plugin once while the screen is already kept on', async () => {
    const { native } = lock();
    await native.acquire();
    await native.acquire();
    expect(keepAwake.calls).toEqual(['keepAwake']);
  });

  it('reports a refusal as a status with the reason, and tries again on the next acquire', async () => {
    const { native } = lock();
    keepAwake.keepAwake.mockRejectedValueOnce(new Error('Activity is not available'));
    expect(await native.acquire()).toEqual({ kind: 'refused', message: 'The screen may turn off during the workout: Activity is not available' });
    expect(await native.acquire()).toEqual({ kind: 'held' });
  });

  it('turns off a refused lock on release without asking the plugin', async () => {
    const { native } = lock();
    keepAwake.keepAwake.mockRejectedValueOnce(new Error('Activity is not available'));
    await native.acquire();
    await native.release();
    expect(native.status).toEqual({ kind: 'off' });
    expect(keepAwake.allowSleep).not.toHaveBeenCalled();
  });

  it('uses the web wake lock for good when the plugin is not implemented, and reports its statuses', async () => {
    const { native, web, seen } = lock();
    keepAwake.keepAwake.mockRejectedValue(notImplemented('KeepAwake'));
    expect(await native.acquire()).toEqual({ kind: 'held' });
    await native.release();
    await native.acquire();
    expect([web.acquireCalls, web.releaseCalls]).toEqual([2, 1]);
    expect(keepAwake.keepAwake).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.kind)).toEqual(['held', 'off', 'held']);
  });

  it('rejects a release the plugin refuses, and still says held, because the screen is still kept on', async () => {
    const { native } = lock();
    await native.acquire();
    keepAwake.allowSleep.mockRejectedValue(new Error('Activity is not available'));
    await expect(native.release()).rejects.toThrow('The screen could not be allowed to sleep again: Activity is not available');
    expect(native.status).toEqual({ kind: 'held' });
  });

  it('never asks the plugin when released before the acquire got its turn', async () => {
    const { native } = lock();
    const acquired = native.acquire();
    await native.release();
    expect(await acquired).toEqual({ kind: 'off' });
    expect(keepAwake.calls).toEqual([]);
  });

  it('ends held after a quick acquire, release, acquire, with the plugin calls in that order', async () => {
    const { native } = lock();
    void native.acquire();
    void native.release();
    expect(await native.acquire()).toEqual({ kind: 'held' });
    expect(keepAwake.calls).toEqual(['keepAwake', 'allowSleep', 'keepAwake']);
  });
});
