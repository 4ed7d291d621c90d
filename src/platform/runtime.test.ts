import { afterEach, describe, expect, it } from 'vitest';
import { isNativePlatform } from './runtime';

const scope = globalThis as { Capacitor?: unknown };

afterEach(() => {
  delete scope.Capacitor;
});

describe('isNativePlatform', () => {
  it('is false in a browser, where no Capacitor bridge exists', () => {
    expect(isNativePlatform()).toBe(false);
  });

  it('is true once the native bridge has defined window.Capacitor as native', () => {
    scope.Capacitor = { isNativePlatform: () => true };
    expect(isNativePlatform()).toBe(true);
  });

  it('is false when @capacitor/core alone defined a web Capacitor object', () => {
    scope.Capacitor = { isNativePlatform: () => false };
    expect(isNativePlatform()).toBe(false);
  });
});
