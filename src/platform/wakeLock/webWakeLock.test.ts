import { describe, expect, it } from 'vitest';
import { FakeWakeLock } from './testing/fakeWakeLock';
import type { WakeLockStatus } from './port';
import { WebWakeLock, type WakeLockApi, type WakeLockSentinelLike } from './webWakeLock';

class FakeSentinel extends EventTarget implements WakeLockSentinelLike {
  released = false;
  async release(): Promise<void> {
    this.released = true;
  }
  /** What the browser does when the page is hidden. */
  dropBySystem(): void {
    this.released = true;
    this.dispatchEvent(new Event('release'));
  }
}

/** A browser's wake lock API: grants (or refuses) and remembers every sentinel it handed out. */
function fakeBrowser(refuse = false) {
  const sentinels: FakeSentinel[] = [];
  const api: WakeLockApi = {
    request: async () => {
      if (refuse) throw new DOMException('Wake lock permission denied by battery saver', 'NotAllowedError');
      const s = new FakeSentinel();
      sentinels.push(s);
      return s;
    },
  };
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const show = async (state: DocumentVisibilityState) => {
    page.visibilityState = state;
    page.dispatchEvent(new Event('visibilitychange'));
    await new Promise((r) => setTimeout(r, 0));
  };
  return { api, page, sentinels, show };
}

describe('WebWakeLock', () => {
  it('holds the lock once acquired and lets it go on release', async () => {
    const b = fakeBrowser();
    const lock = new WebWakeLock(b.api, b.page);
    expect(await lock.acquire()).toEqual({ kind: 'held' });
    await lock.release();
    expect(lock.status).toEqual({ kind: 'off' });
    expect(b.sentinels.map((s) => s.released)).toEqual([true]);
  });

  it('takes the lock again when the page comes back after the browser dropped it', async () => {
    const b = fakeBrowser();
    const lock = new WebWakeLock(b.api, b.page);
    await lock.acquire();
    b.page.visibilityState = 'hidden';
    b.sentinels[0]!.dropBySystem();
    await b.show('hidden');
    expect(lock.status).toEqual({ kind: 'waiting-visible' });
    await b.show('visible');
    expect(lock.status).toEqual({ kind: 'held' });
    expect(b.sentinels).toHaveLength(2);
  });

  it('does not take the lock again after release, whatever the page does', async () => {
    const b = fakeBrowser();
    const lock = new WebWakeLock(b.api, b.page);
    await lock.acquire();
    await lock.release();
    await b.show('hidden');
    await b.show('visible');
    expect(b.sentinels).toHaveLength(1);
    expect(lock.status).toEqual({ kind: 'off' });
  });

  it('waits for the page to be visible when acquired from a hidden page', async () => {
    const b = fakeBrowser();
    b.page.visibilityState = 'hidden';
    const lock = new WebWakeLock(b.api, b.page);
    expect(await lock.acquire()).toEqual({ kind: 'waiting-visible' });
    await b.show('visible');
    expect(lock.status).toEqual({ kind: 'held' });
  });

  it('releases a lock granted after release was already asked for', async () => {
    const b = fakeBrowser();
    const lock = new WebWakeLock(b.api, b.page);
    const acquiring = lock.acquire();
    await lock.release();
    await acquiring;
    expect(b.sentinels.every((s) => s.released)).toBe(true);
    expect(lock.status).toEqual({ kind: 'off' });
  });

  it('reports a refusal as a status with the reason instead of throwing', async () => {
    const b = fakeBrowser(true);
    const lock = new WebWakeLock(b.api, b.page);
    const seen: WakeLockStatus[] = [];
    lock.subscribe((s) => seen.push(s));
    expect(await lock.acquire()).toEqual({
      kind: 'refused',
      message: 'The screen may turn off during the workout: NotAllowedError: Wake lock permission denied by battery saver',
    });
    expect(seen.map((s) => s.kind)).toEqual(['refused']);
  });

  it('says unsupported where the browser has no wake lock', async () => {
    const b = fakeBrowser();
    const lock = new WebWakeLock(null, b.page);
    expect(await lock.acquire()).toEqual({ kind: 'unsupported' });
  });
});

describe('FakeWakeLock', () => {
  it('counts calls and reports held while acquired', async () => {
    const lock = new FakeWakeLock();
    await lock.acquire();
    expect(lock.held).toBe(true);
    await lock.release();
    expect([lock.held, lock.acquireCalls, lock.releaseCalls]).toEqual([false, 1, 1]);
  });
});
