/**
 * The one place that picks the wake lock: the keep-awake plugin inside the native shell (it falls
 * back to the browser's lock when the plugin is missing), the Screen Wake Lock in a browser.
 * Created on first use, after the page has its `navigator` and `document` (tests pass the
 * {@link FakeWakeLock} to the composition root instead).
 */
import { NativeKeepAwake } from './nativeKeepAwake';
import { isNativePlatform } from '../runtime';
import type { WakeLockPort } from './port';
import { WebWakeLock } from './webWakeLock';

export type { WakeLockPort, WakeLockStatus } from './port';
export { FakeWakeLock, type FakeWakeLockMode } from './fakeWakeLock';

let current: WakeLockPort | null = null;

export function wakeLock(): WakeLockPort {
  current ??= isNativePlatform() ? new NativeKeepAwake(() => new WebWakeLock()) : new WebWakeLock();
  return current;
}
