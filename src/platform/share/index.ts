/**
 * Picks the SharePort for the platform the app runs on. The one place that decides: the share
 * sheet with a cache file inside the native shell (docs/behaviour.md §4; it falls back to the web port when
 * the plugins are missing), the Web Share API or a download in a browser. The composition root
 * makes one per app, on first use (after the page has its `navigator` and `document`).
 */
import { isNativePlatform } from '../runtime';
import { createNativeSharePort } from './nativeSharePort';
import type { SharePort } from './port';
import { createWebSharePort } from './webSharePort';

export type { SharePort } from './port';
export { createWebSharePort } from './webSharePort';

/** The platform's port. */
export function createSharePort(): SharePort {
  return isNativePlatform() ? createNativeSharePort(() => createWebSharePort()) : createWebSharePort();
}
