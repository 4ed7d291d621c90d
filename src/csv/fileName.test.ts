import { describe, expect, it } from 'vitest';
import { csvFileName, fileTime } from './fileName';

/** 1 March 2026, 09:30:00.250 on this machine's clock. */
const WHEN = new Date(2026, 2, 1, 9, 30, 0, 250);
const DEFAULTS = { hz: 200, calcAngularVelocity: false, calcAngularAcceleration: true };

describe('csvFileName', () => {
  it('says when in local time, to the minute', () => {
    expect(fileTime(WHEN)).toBe('2026-03-01-0930');
    expect(fileTime(new Date(2026, 11, 31, 23, 5))).toBe('2026-12-31-2305');
  });

  it('names a debug export Repline-{when}-debug.csv', () => {
    expect(csvFileName('debug', WHEN)).toBe('Repline-2026-03-01-0930-debug.csv');
  });

  it('names a session export by who and what, and by its rate and calculate flags only where they are not the app’s (issue 31, point 11)', () => {
    expect(csvFileName('session', WHEN, DEFAULTS, 'Ana, Ben · Squat, Bent-over row')).toBe('Repline-2026-03-01-0930-ana-ben-squat-bent-over-row.csv');
    expect(csvFileName('session', WHEN, DEFAULTS)).toBe('Repline-2026-03-01-0930.csv');
    expect(csvFileName('session', WHEN, { hz: 500, calcAngularVelocity: true, calcAngularAcceleration: false }, 'Ana')).toBe('Repline-2026-03-01-0930-ana-500hz-calcV1-calcA0.csv');
  });

  it('uses only characters every file system accepts', () => {
    expect(csvFileName('session', WHEN, { hz: 100, calcAngularVelocity: true, calcAngularAcceleration: true }, 'Zoë / U18: Squat')).toMatch(/^[A-Za-z0-9-]+\.csv$/);
  });

  it('refuses an invalid date, a missing or bad rate for a session, and an unknown kind', () => {
    expect(() => csvFileName('debug', new Date('not a date'))).toThrow('CSV file name: the export time is not a valid date');
    expect(() => csvFileName('session', WHEN)).toThrow(/needs the sampling rate/);
    expect(() => csvFileName('session', WHEN, { hz: 0, calcAngularVelocity: false, calcAngularAcceleration: true })).toThrow(
      'CSV file name: sampling rate 0 Hz is not a positive number',
    );
    expect(() => csvFileName('raw' as 'debug', WHEN)).toThrow('CSV file name: unknown export kind "raw"');
  });
});

describe('a session file named for an athlete', () => {
  it('has the athlete’s name in lower case letters and digits joined by dashes', () => {
    expect(csvFileName('session', WHEN, DEFAULTS, 'Ana B. (U18)')).toBe('Repline-2026-03-01-0930-ana-b-u18.csv');
    expect(csvFileName('session', WHEN, DEFAULTS, 'Zoë')).toBe('Repline-2026-03-01-0930-zoe.csv');
  });
  it('has no label part when the name has no letter or digit', () => {
    expect(csvFileName('session', WHEN, DEFAULTS, '★')).toBe('Repline-2026-03-01-0930.csv');
  });
});
