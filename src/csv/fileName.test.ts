import { describe, expect, it } from 'vitest';
import { csvFileName } from './fileName';

/** 2026-03-01 09:30:00.250 UTC is 1 772 357 400 250 ms after the epoch (20 513 days × 86 400 000 + 34 200 250). */
const WHEN = new Date(Date.UTC(2026, 2, 1, 9, 30, 0, 250));

describe('csvFileName', () => {
  it('names a debug export Repline-{ms timestamp}-debug.csv', () => {
    expect(csvFileName('debug', WHEN)).toBe('Repline-1772357400250-debug.csv');
  });

  it('names a session export by its rate and calculate flags', () => {
    expect(csvFileName('session', WHEN, { hz: 200, calcAngularVelocity: false, calcAngularAcceleration: true })).toBe(
      'Repline-1772357400250-200hz-calcV0-calcA1.csv',
    );
    expect(csvFileName('session', WHEN, { hz: 500, calcAngularVelocity: true, calcAngularAcceleration: false })).toBe(
      'Repline-1772357400250-500hz-calcV1-calcA0.csv',
    );
  });

  it('uses only characters every file system accepts', () => {
    expect(csvFileName('session', WHEN, { hz: 100, calcAngularVelocity: true, calcAngularAcceleration: true })).toMatch(/^[A-Za-z0-9-]+\.csv$/);
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
  const rates = { hz: 200, calcAngularVelocity: false, calcAngularAcceleration: true };
  it('ends with the athlete’s name in lower case letters and digits joined by dashes', () => {
    expect(csvFileName('session', new Date(1_700_000_000_000), rates, 'Ana B. (U18)')).toBe('Repline-1700000000000-200hz-calcV0-calcA1-ana-b-u18.csv');
    expect(csvFileName('session', new Date(1_700_000_000_000), rates, 'Zoë')).toBe('Repline-1700000000000-200hz-calcV0-calcA1-zoe.csv');
  });
  it('has no label part when the name has no letter or digit', () => {
    expect(csvFileName('session', new Date(1_700_000_000_000), rates, '★')).toBe('Repline-1700000000000-200hz-calcV0-calcA1.csv');
  });
});
