/**
 * "Keep the screen on during a workout" in the native shell: @capacitor-community/keep-awake
 * behind the {@link WakeLockPort}. Unlike the browser's Screen Wake Lock, the native flag is not
 * dropped when the app goes to the background and comes back, so there is nothing to re-take on
 * visibility changes: `acquire` sets it, `release` clears it.
 *
 * Decisions where the product rules are silent:
 * - A platform without the plugin (UNIMPLEMENTED / UNAVAILABLE) gets the browser's wake lock
 *   for good, and this port reports that lock's statuses.
 * - Any other failure to keep the screen on is the status `refused` with the reason, as in the
 *   browser: a workout must not fail because the screen may dim. It is tried again on the next
 *   `acquire`.
 * - A failure to let the screen sleep again rejects `release` (the screen really stays on, so the
 *   status stays `held`): the caller shows it.
 * - Calls run one after another in call order, so a quick acquire–release–acquire ends held.
 */
import type { WakeLockPort, WakeLockStatus } from './port';
import { isPluginMissing } from '../pluginErrors';
import { describeError } from '../../shared/describeError';

/** The module, not the plugin: a Capacitor plugin Proxy must never resolve a promise (see nativeSpeech.ts). */
const loadKeepAwake = () => import('@capacitor-community/keep-awake');

export class NativeKeepAwake implements WakeLockPort {
  private current: WakeLockStatus = { kind: 'off' };
  private wanted = false;
  private web: WakeLockPort | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<(status: WakeLockStatus) => void>();

  /** `makeWeb` builds the browser's wake lock, used when the plugin is missing. */
  constructor(private readonly makeWeb: () => WakeLockPort) {}

  get status(): WakeLockStatus {
    return this.current;
  }

  acquire(): Promise<WakeLockStatus> {
    this.wanted = true;
    return this.serial(async () => {
      if (this.web) return this.web.acquire();
      if (!this.wanted || this.current.kind === 'held') return this.current;
      try {
        const { KeepAwake } = await loadKeepAwake();
        await KeepAwake.keepAwake();
        this.set({ kind: 'held' });
      } catch (error) {
        if (isPluginMissing(error)) return this.useWeb().acquire();
        this.set({ kind: 'refused', message: `The screen may turn off during the workout: ${describeError(error)}` });
      }
      return this.current;
    });
  }

  release(): Promise<void> {
    this.wanted = false;
    return this.serial(async () => {
      if (this.web) return this.web.release();
      if (this.current.kind === 'held') {
        const { KeepAwake } = await loadKeepAwake();
        await KeepAwake.allowSleep().catch((error: unknown) => {
          throw new Error(`The screen could not be allowed to sleep again: ${describeError(error)}`, { cause: error });
        });
      }
      if (this.current.kind !== 'off') this.set({ kind: 'off' });
    });
  }

  subscribe(listener: (status: WakeLockStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private useWeb(): WakeLockPort {
    this.web = this.makeWeb();
    this.web.subscribe((status) => this.set(status));
    return this.web;
  }

  private serial<T>(op: () => Promise<T>): Promise<T> {
    const run = this.tail.then(op);
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private set(status: WakeLockStatus): void {
    this.current = status;
    for (const listener of this.listeners) listener(status);
  }
}
