import { CapacitorException, ExceptionCode } from '@capacitor/core';
import { describe, expect, it } from 'vitest';
import { isPluginMissing } from './pluginErrors';

describe('isPluginMissing', () => {
  it("recognises Capacitor's own UNIMPLEMENTED and UNAVAILABLE exceptions", () => {
    expect(isPluginMissing(new CapacitorException('not implemented', ExceptionCode.Unimplemented))).toBe(true);
    expect(isPluginMissing(new CapacitorException('not available', ExceptionCode.Unavailable))).toBe(true);
  });

  it('treats any other failure as a real one', () => {
    expect(isPluginMissing(new Error('Bluetooth is off'))).toBe(false);
    expect(isPluginMissing({ code: 'OS-PLUG-FILE-0008' })).toBe(false);
    expect(isPluginMissing(undefined)).toBe(false);
  });
});
