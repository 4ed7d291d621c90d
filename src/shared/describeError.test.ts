import { describe, expect, it } from 'vitest';
import { describeError } from './describeError';

describe('describeError', () => {
  it('names the kind of failure with its message', () => {
    expect(describeError(new TypeError('boom'))).toBe('TypeError: boom');
    expect(describeError(new DOMException('Share canceled', 'AbortError'))).toBe('AbortError: Share canceled');
    expect(describeError({ name: 'NotFoundError', message: 'No device' })).toBe('NotFoundError: No device');
  });

  it('leaves out the name of a plain Error unless asked to keep it', () => {
    expect(describeError(new Error('No space left on device'))).toBe('No space left on device');
    expect(describeError(new Error('Share canceled'), { keepPlainName: true })).toBe('Error: Share canceled');
  });

  it('leaves out an empty part, and says so when both are empty', () => {
    expect(describeError(new DOMException('', 'AbortError'))).toBe('AbortError');
    expect(describeError({ name: '', message: 'disk unplugged' })).toBe('disk unplugged');
    expect(describeError({ name: '', message: '' })).toBe('unknown error');
  });

  it('gives the string form of anything that is not an error', () => {
    expect(describeError('disk unplugged')).toBe('disk unplugged');
    expect(describeError(undefined)).toBe('undefined');
    expect(describeError({ code: 'UNAVAILABLE' })).toBe('[object Object]');
  });
});
