/**
 * Export file names (docs/behaviour.md §9): `Repline-{timestamp}{suffix}.csv`.
 *
 * Decisions where the product rules are silent:
 * - The timestamp is milliseconds since the Unix epoch (docs/behaviour.md §9 "a millisecond timestamp"): only
 *   digits, so it is safe on every file system, sorts by time and never depends on a time zone.
 * - Suffix: `-debug` for a debug CSV; for a session CSV the sampling rate and the calculate flags,
 *   e.g. `-200hz-calcV0-calcA1` (ω not computed, α computed), so files reprocessed at several rates
 *   or with other flags never overwrite one another. The batch command reuses {@link rateSuffix}.
 */

export const PRODUCT = 'Repline';

export interface RateOptions {
  hz: number;
  calcAngularVelocity: boolean;
  calcAngularAcceleration: boolean;
}

/** `-{hz}hz-calcV{0|1}-calcA{0|1}`; throws on a rate that is not a positive number. */
export function rateSuffix(opts: RateOptions): string {
  if (typeof opts.hz !== 'number' || !Number.isFinite(opts.hz) || opts.hz <= 0) {
    throw new Error(`CSV file name: sampling rate ${opts.hz} Hz is not a positive number`);
  }
  return `-${opts.hz}hz-calcV${opts.calcAngularVelocity ? 1 : 0}-calcA${opts.calcAngularAcceleration ? 1 : 0}`;
}

/** `label` as a file-name part: lower case letters and digits joined by dashes, at most 40 characters. */
export function fileLabel(label: string): string {
  return label.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
}

/**
 * The name to save or share an export under. A session name needs `opts` (the rate and flags it
 * was processed with); a debug name ignores them, because the raw samples do not depend on them.
 * A session `label` (an athlete's name, for their own export) goes last: `-ana-b`.
 */
export function csvFileName(kind: 'session' | 'debug', when: Date, opts?: RateOptions, label?: string): string {
  const ms = when instanceof Date ? when.getTime() : NaN;
  if (Number.isNaN(ms)) throw new Error('CSV file name: the export time is not a valid date');
  if (kind === 'debug') return `${PRODUCT}-${ms}-debug.csv`;
  if (kind !== 'session') throw new Error(`CSV file name: unknown export kind "${String(kind)}"`);
  if (opts === undefined) throw new Error('CSV file name: a session export needs the sampling rate and calculate flags');
  const part = label === undefined ? '' : fileLabel(label);
  return `${PRODUCT}-${ms}${rateSuffix(opts)}${part === '' ? '' : `-${part}`}.csv`;
}
