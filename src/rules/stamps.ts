/**
 * The text form of an edit stamp, as stored records carry them: "<ms, 15 digits>-<counter, 6
 * digits>-<device id>" (log/stamp.ts makes, reads and compares stamps, and says why this form).
 * The form is written here, below the log in ARCHITECTURE.md's layering, so that the parsers of
 * athletes and exercises, which rules/ owns, can refuse a record whose stamps are not stamps: a
 * stamp is compared as text, and a malformed one ("zzz") would win every merge for ever.
 */

/** Matches a stamp; its groups are the milliseconds, the counter and the device id. */
export const STAMP_PATTERN = /^(\d{15})-(\d{6})-(.*)$/s;

export function isStamp(value: unknown): value is string {
  return typeof value === 'string' && STAMP_PATTERN.test(value);
}

/** A record's `stamps` as read back: absent, or an object whose every value is a stamp; throws an Error naming the first bad one. */
export function checkStamps(value: unknown): Readonly<Record<string, string>> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('stamps must map fields to edit stamps');
  for (const [key, stamp] of Object.entries(value)) if (!isStamp(stamp)) throw new Error(`the stamp of ${key} is not an edit stamp: ${String(stamp)}`);
  return { ...(value as Record<string, string>) };
}
