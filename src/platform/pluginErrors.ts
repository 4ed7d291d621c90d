/**
 * How the native adapters tell "this plugin is not in this app build or not on this platform"
 * from a real failure. Capacitor rejects a call to a plugin without an implementation with a
 * `CapacitorException` whose `code` is UNIMPLEMENTED or UNAVAILABLE (docs/behaviour.md §8); the adapters then
 * fall back to the web implementation, or fail with {@link missingPluginMessage}. Any other
 * error is a real failure and travels on unchanged.
 */
import { describeError } from '../shared/describeError';

// The values of @capacitor/core's ExceptionCode (docs/behaviour.md §8), spelled out so that the browser's
// start-up bundle does not pull in @capacitor/core for two strings; a test checks they match.
const MISSING_CODES: ReadonlySet<unknown> = new Set(['UNIMPLEMENTED', 'UNAVAILABLE']);

/** True for the rejection of a plugin call the platform does not implement. */
export function isPluginMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && MISSING_CODES.has((error as { code?: unknown }).code);
}

/** The clear message for a plugin that is missing where there is nothing to fall back to. */
export function missingPluginMessage(what: string, error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return `${what} is not available in this app (${String(code)}): ${describeError(error)}`;
}
