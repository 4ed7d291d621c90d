import { describe, expect, it } from 'vitest';
import { isQuotaError, JournalStorageError } from './storageError';

describe('JournalStorageError', () => {
  it.each([
    ['QuotaExceededError', true],
    ['NS_ERROR_DOM_QUOTA_REACHED', true],
    ['InvalidStateError', false],
    ['AbortError', false],
  ])('recognises %s as a quota error: %s', (name, quota) => {
    expect(isQuotaError(new DOMException('x', name))).toBe(quota);
  });

  it('tells the user the disk is full and what to do about it', () => {
    const error = new JournalStorageError(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    expect(error.message).toBe('Storage is full: recording continues in memory only; export the session to keep it');
    expect(error.quota).toBe(true);
  });

  it('keeps the original failure as its cause', () => {
    const cause = new TypeError('boom');
    const error = new JournalStorageError(cause);
    expect(error.cause).toBe(cause);
    expect(error.message).toContain('(TypeError: boom)');
  });

  it('describes a thrown non-Error value instead of hiding it', () => {
    expect(new JournalStorageError('disk unplugged').message).toContain('(disk unplugged)');
    expect(isQuotaError(null)).toBe(false);
  });
});
