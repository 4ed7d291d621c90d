/**
 * Picks the SharePort for the platform the app runs on. The one place that decides, so the
 * native shell only adds its branch here (Capacitor Share with a cache file, SPEC §4).
 */
import type { SharePort } from './port';
import { createWebSharePort } from './webSharePort';

export type { SharePort } from './port';
export { createWebSharePort } from './webSharePort';
export { createRecordingSharePort } from './recordingSharePort';

let chosen: SharePort | undefined;

/** The platform's port, created on first use (after the page has its `navigator` and `document`). */
export function defaultSharePort(): SharePort {
  chosen ??= createWebSharePort();
  return chosen;
}
