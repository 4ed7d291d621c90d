/**
 * The sync's facts as a person reads them, for Settings → Sync and the service's notices; a small
 * module of its own, so that the settings pages carry none of the sync code.
 */

/** "60 min ahead of", "2 h behind", "3 s behind": this device's clock against the server's (`offsetMs`: server minus device). */
export function describeOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const size = minutes >= 120 ? `${Math.round(minutes / 60)} h` : minutes >= 1 ? `${minutes} min` : `${Math.round(Math.abs(offsetMs) / 1000)} s`;
  return `${size} ${offsetMs < 0 ? 'ahead of' : 'behind'}`;
}

/** Whether a clock offset is worth telling the user about: a minute or more. */
export const clockIsOff = (offsetMs: number): boolean => Math.abs(offsetMs) >= 60_000;

/** "just now", "5 min ago", "3 h ago", or the date: how long ago `at` was, by `now`. */
export function ago(at: number, now: number): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return new Date(at).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cleo". */
export function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "1 session", "2 sessions". */
export const sessionCount = (n: number): string => `${n} session${n === 1 ? '' : 's'}`;
