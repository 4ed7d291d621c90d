import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createResilientStorage } from './index';
import type { StoragePort } from './port';

const failing = (name: string): StoragePort => {
  const fail = () => {
    throw new DOMException('refused', name);
  };
  return { read: fail, write: fail, remove: fail };
};

describe('resilient storage', () => {
  it('falls back to memory when the browser blocks site storage, and says why', () => {
    const port = createResilientStorage(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(port.read('k')).toBeNull();
    port.write('k', 'v');
    expect(port.read('k')).toBe('v');
    expect(port.problem()).toBe('this browser blocks storage for the site');
  });

  it('keeps what was written readable when storage fills up', () => {
    const port = createResilientStorage(() => failing('QuotaExceededError'));
    port.write('settings', '{"mass":72}');
    expect(port.read('settings')).toBe('{"mass":72}');
    port.remove('settings');
    expect(port.read('settings')).toBeNull();
    expect(port.problem()).toBe("this browser's storage for the site is full");
  });

  it('uses working storage as it is and reports no problem', () => {
    const backing = createMemoryStorage({ a: '1' });
    const port = createResilientStorage(() => backing);
    port.write('b', '2');
    expect([port.read('a'), backing.read('b'), port.problem()]).toEqual(['1', '2', null]);
  });
});
