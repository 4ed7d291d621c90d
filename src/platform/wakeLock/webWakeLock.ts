/**
 * The browser's Screen Wake Lock behind the {@link WakeLockPort}. Browsers release the lock
 * whenever the page is hidden (tab switch, screen off), so "keep the screen on" is a wish this
 * class keeps re-applying on `visibilitychange`, not a one-off request.
 * A refusal is a status, not an exception: a workout must not fail because the screen may dim.
 */
import type { WakeLockPort, WakeLockStatus } from './port';
import { describeError } from '../../shared/describeError';

/** The parts of `navigator.wakeLock` and its sentinel this class uses (fakes implement these). */
export interface WakeLockSentinelLike extends Pick<EventTarget, 'addEventListener'> {
  release(): Promise<void>;
}
export interface WakeLockApi {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}
type PageVisibility = Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & Pick<Document, 'visibilityState'>;

export class WebWakeLock implements WakeLockPort {
  private wanted = false;
  private sentinel: WakeLockSentinelLike | null = null;
  private requesting: Promise<void> | null = null;
  private current: WakeLockStatus;
  private readonly listeners = new Set<(status: WakeLockStatus) => void>();
  private readonly api: WakeLockApi | null;
  private readonly onVisibility = (): void => {
    if (this.wanted && this.sentinel === null && this.page.visibilityState === 'visible') void this.request();
  };

  constructor(
    /** `null` where the browser has no Screen Wake Lock. */
    api: WakeLockApi | null = (navigator as { wakeLock?: WakeLockApi }).wakeLock ?? null,
    private readonly page: PageVisibility = document,
  ) {
    this.api = api;
    this.current = api === null ? { kind: 'unsupported' } : { kind: 'off' };
  }

  get status(): WakeLockStatus {
    return this.current;
  }

  async acquire(): Promise<WakeLockStatus> {
    if (this.api === null) return this.current;
    if (!this.wanted) {
      this.wanted = true;
      this.page.addEventListener('visibilitychange', this.onVisibility);
    }
    if (this.sentinel === null) await this.request();
    return this.current;
  }

  async release(): Promise<void> {
    if (!this.wanted) return;
    this.wanted = false;
    this.page.removeEventListener('visibilitychange', this.onVisibility);
    // A request still in flight releases its own sentinel when it sees `wanted` is false.
    await this.requesting;
    const sentinel = this.sentinel;
    this.sentinel = null;
    this.set({ kind: 'off' });
    await sentinel?.release();
  }

  subscribe(listener: (status: WakeLockStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private request(): Promise<void> {
    if (this.requesting !== null) return this.requesting;
    if (this.page.visibilityState !== 'visible') {
      this.set({ kind: 'waiting-visible' });
      return Promise.resolve();
    }
    const api = this.api!;
    this.requesting = Promise.resolve()
      .then(() => api.request('screen'))
      .then(
        async (sentinel) => {
          if (!this.wanted) return sentinel.release();
          this.sentinel = sentinel;
          sentinel.addEventListener('release', () => this.onSystemRelease(sentinel), { once: true });
          this.set({ kind: 'held' });
        },
        (error: unknown) => {
          if (this.wanted) this.set({ kind: 'refused', message: `The screen may turn off during the workout: ${describeError(error, { keepPlainName: true })}` });
        },
      )
      .finally(() => {
        this.requesting = null;
      });
    return this.requesting;
  }

  /** The browser dropped the lock (page hidden, power saving): take it again when possible. */
  private onSystemRelease(sentinel: WakeLockSentinelLike): void {
    if (this.sentinel !== sentinel) return;
    this.sentinel = null;
    if (this.wanted) void this.request();
  }

  private set(status: WakeLockStatus): void {
    this.current = status;
    for (const listener of this.listeners) listener(status);
  }
}
