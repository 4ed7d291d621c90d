/**
 * Test double of the {@link WakeLockPort} for UI and state tests: it holds the lock on demand
 * (or behaves like a browser without one, or one that refuses) and counts the calls, so a test
 * can assert "the screen is kept on exactly while a unit is connected".
 */
import type { WakeLockPort, WakeLockStatus } from '../port';

export type FakeWakeLockMode = 'grants' | 'unsupported' | 'refuses';

export class FakeWakeLock implements WakeLockPort {
  acquireCalls = 0;
  releaseCalls = 0;
  private current: WakeLockStatus;
  private readonly listeners = new Set<(status: WakeLockStatus) => void>();

  constructor(private readonly mode: FakeWakeLockMode = 'grants') {
    this.current = mode === 'unsupported' ? { kind: 'unsupported' } : { kind: 'off' };
  }

  get status(): WakeLockStatus {
    return this.current;
  }

  /** True while the lock is wanted and granted. */
  get held(): boolean {
    return this.current.kind === 'held';
  }

  async acquire(): Promise<WakeLockStatus> {
    this.acquireCalls++;
    if (this.mode === 'grants') this.set({ kind: 'held' });
    if (this.mode === 'refuses') this.set({ kind: 'refused', message: 'The screen may turn off during the workout: NotAllowedError: refused by the test' });
    return this.current;
  }

  async release(): Promise<void> {
    this.releaseCalls++;
    if (this.mode !== 'unsupported') this.set({ kind: 'off' });
  }

  subscribe(listener: (status: WakeLockStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(status: WakeLockStatus): void {
    this.current = status;
    for (const listener of this.listeners) listener(status);
  }
}
