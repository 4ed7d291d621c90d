/**
 * Keeping the screen on during a workout: the app asks for it while a unit is connected and the
 * platform decides. The port lets the UI stay ignorant of which platform (browser Screen Wake
 * Lock, a native shell's keep-awake plugin, the test double) does the work.
 */

/**
 * - `off`: not wanted;
 * - `held`: the screen stays on;
 * - `waiting-visible`: wanted, but the page is hidden (the browser drops the lock then); it is
 *   taken again as soon as the page is visible;
 * - `unsupported`: this browser has no wake lock (the screen may dim: say so once, quietly);
 * - `refused`: the platform said no (battery saver, permissions policy); tried again on the
 *   next return to the page.
 */
export type WakeLockStatus =
  | { kind: 'off' }
  | { kind: 'held' }
  | { kind: 'waiting-visible' }
  | { kind: 'unsupported' }
  | { kind: 'refused'; message: string };

export interface WakeLockPort {
  readonly status: WakeLockStatus;
  /** Keeps the screen on until `release`, re-taking the lock whenever the page shows again. */
  acquire(): Promise<WakeLockStatus>;
  /** Lets the screen sleep again. */
  release(): Promise<void>;
  /** Calls `listener` on every status change; returns the unsubscribe function. */
  subscribe(listener: (status: WakeLockStatus) => void): () => void;
}
