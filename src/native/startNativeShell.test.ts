import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startNativeShell } from './startNativeShell';
import { notImplemented } from '../platform/testing/pluginDouble';

const shell = vi.hoisted(() => ({ native: true, setStyle: vi.fn() }));

vi.mock('../platform/runtime', () => ({ isNativePlatform: () => shell.native }));

// Style values as @capacitor/status-bar documents them.
vi.mock('@capacitor/status-bar', async () => {
  const { pluginDouble } = await import('../platform/testing/pluginDouble');
  return { Style: { Dark: 'DARK', Light: 'LIGHT', Default: 'DEFAULT' }, StatusBar: pluginDouble('StatusBar', { setStyle: shell.setStyle }) };
});

beforeEach(() => {
  shell.native = true;
  shell.setStyle.mockReset().mockResolvedValue(undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('startNativeShell', () => {
  it('sets the status bar to the dark style in the native shell', async () => {
    expect(await startNativeShell()).toEqual({ kind: 'dark' });
    expect(shell.setStyle).toHaveBeenCalledWith({ style: 'DARK' });
  });

  it('does nothing in a browser', async () => {
    shell.native = false;
    expect(await startNativeShell()).toEqual({ kind: 'browser' });
    expect(shell.setStyle).not.toHaveBeenCalled();
  });

  it('resolves with a clear message, and logs it, when the status bar plugin is not implemented', async () => {
    shell.setStyle.mockRejectedValue(notImplemented('StatusBar'));
    const message = 'The status bar plugin is not available in this app (UNIMPLEMENTED): "StatusBar" plugin is not implemented on android';
    expect(await startNativeShell()).toEqual({ kind: 'unavailable', message });
    expect(console.warn).toHaveBeenCalledWith(message);
  });

  it('resolves with the failure, and logs it, when the plugin refuses the style', async () => {
    shell.setStyle.mockRejectedValue(new Error('Activity is not available'));
    expect(await startNativeShell()).toEqual({ kind: 'failed', message: 'The status bar could not be set to the dark style: Activity is not available' });
    expect(console.error).toHaveBeenCalledOnce();
  });
});
