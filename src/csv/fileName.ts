/**
 * Export file names (docs/behaviour.md §9): `Repline-{when}-{who and what}.csv`, saying who,
 * what and when to the coach who finds them in a folder of downloads.
 *
 * Decisions where the product rules are silent:
 * - When: the local date and time to the minute, `2026-03-01-0930`: read at a glance, sorted by
 *   time by name, and only digits and dashes, safe on every file system.
 * - Who and what: a label (the athletes' names and the exercises of a session, or one athlete's
 *   name), in lower-case letters and digits joined by dashes.
 * - `-debug` ends a debug CSV. A session CSV processed at a rate or with calculate flags other
 *   than the app's defaults ends with them, e.g. `-500hz-calcV1-calcA0`, so files reprocessed at
 *   several rates never overwrite one another; the batch command names its files by
 *   {@link rateSuffix} always.
 */
import { DEFAULT_SETTINGS } from '../rules/settingsModel';

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

/** `label` as a file-name part: lower case letters and digits joined by dashes, at most 60 characters. */
export function fileLabel(label: string): string {
  return label.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
}

/** `2026-03-01-0930`: `when` in local time, to the minute. */
export function fileTime(when: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}-${pad(when.getHours())}${pad(when.getMinutes())}`;
}

/** Whether `opts` are the app's own defaults (no rate suffix then). */
function defaultRates(opts: RateOptions): boolean {
  return opts.hz === DEFAULT_SETTINGS.hz && opts.calcAngularVelocity === DEFAULT_SETTINGS.calcAngularVelocity && opts.calcAngularAcceleration === DEFAULT_SETTINGS.calcAngularAcceleration;
}

/**
 * The name to save or share an export under. A session name needs `opts` (the rate and flags it
 * was processed with); a debug name ignores them, because the raw samples do not depend on them.
 * A session's `label` says who and what (`Ana, Ben · Squat` → `-ana-ben-squat`).
 */
export function csvFileName(kind: 'session' | 'debug', when: Date, opts?: RateOptions, label?: string): string {
  if (!(when instanceof Date) || Number.isNaN(when.getTime())) throw new Error('CSV file name: the export time is not a valid date');
  const time = fileTime(when);
  if (kind === 'debug') return `${PRODUCT}-${time}-debug.csv`;
  if (kind !== 'session') throw new Error(`CSV file name: unknown export kind "${String(kind)}"`);
  if (opts === undefined) throw new Error('CSV file name: a session export needs the sampling rate and calculate flags');
  const suffix = rateSuffix(opts);
  const part = label === undefined ? '' : fileLabel(label);
  return `${PRODUCT}-${time}${part === '' ? '' : `-${part}`}${defaultRates(opts) ? '' : suffix}.csv`;
}
