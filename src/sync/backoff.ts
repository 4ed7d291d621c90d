/**
 * How long a sync waits after failed runs before it tries again: doubling from 5 s up to 10 min,
 * so that a device offline for a day asks rarely and one whose link blinked asks again soon. A
 * server that says how long to wait (429) is waited for at least that long. The browser going
 * online or the app coming back to the foreground tries at once, whatever the wait.
 */

export const FIRST_RETRY_MS = 5_000;
export const LONGEST_RETRY_MS = 10 * 60_000;

/** The wait after `failures` failed runs in a row (1 and more). */
export function retryDelayMs(failures: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

/** The seconds a 429's message asks to wait ("wait 12 s"), in ms; 0 when it names none. */
export function askedWaitMs(message: string): number {
  const seconds = /wait (\d+) s/.exec(message)?.[1];
  return seconds === undefined ? 0 : Number(seconds) * 1000;
}
