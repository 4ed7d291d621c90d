import { describe, expect, it } from 'vitest';
import { askedWaitMs, FIRST_RETRY_MS, LONGEST_RETRY_MS, retryDelayMs } from './backoff';

describe('the wait after failed runs', () => {
  it('doubles from the first wait and stops at the longest', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
    expect(retryDelayMs(1)).toBe(FIRST_RETRY_MS);
    expect(retryDelayMs(8)).toBe(LONGEST_RETRY_MS);
    expect(retryDelayMs(60)).toBe(LONGEST_RETRY_MS);
  });

  it('reads the seconds a rate-limited reply asks for', () => {
    expect(askedWaitMs('Too many requests: wait 42 s.')).toBe(42_000);
    expect(askedWaitMs('Too many requests.')).toBe(0);
  });
});
