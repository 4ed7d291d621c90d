/**
 * The one place that picks the wake lock: the keep-awake plugin inside the native shell (it falls
 * back to the browser's lock when the plugin is missing), the Screen Wake Lock in a browser.
 * The composition root makes one per app, on first use, after the page has its `navigator` and
 * `document` (tests pass the fake of `testing/` instead).
 */
import { NativeKeepAwake } from './nativeKeepAwake';
import { isNativePlatform } from '../runtime';
import type { WakeLockPort } from './port';
import { WebWakeLock } from './webWakeLock';

export type { WakeLockPort, WakeLockStatus } from './port';

export function createWakeLock(): WakeLockPort {
  return isNativePlatform() ? new NativeKeepAwake(() => new WebWakeLock()) : new WebWakeLock();
}
