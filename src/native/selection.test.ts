// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeBleClient } from '../platform/bluetooth/testing/fakeBleClient';

/** Which plugin modules were loaded, and the doubles behind them. */
const env = vi.hoisted(() => ({
  native: false,
  loaded: [] as string[],
  tts: { speak: vi.fn(async () => undefined), stop: vi.fn(async () => undefined) },
  share: { canShare: vi.fn(async () => ({ value: true })), share: vi.fn(async () => ({ activityType: 'com.google.android.gm' })) },
  filesystem: { writeFile: vi.fn(async () => ({ uri: 'file:///cache/s.csv' })) },
  keepAwake: { keepAwake: vi.fn(async () => undefined), allowSleep: vi.fn(async () => undefined) },
  ble: null as FakeBleClient | null,
}));

vi.mock('../platform/runtime', () => ({ isNativePlatform: () => env.native }));

vi.mock('@capacitor-community/text-to-speech', async () => {
  env.loaded.push('text-to-speech');
  const { pluginDouble } = await import('../platform/testing/pluginDouble');
  return { TextToSpeech: pluginDouble('TextToSpeech', env.tts) };
});

vi.mock('@capacitor/share', async () => {
  env.loaded.push('share');
  const { pluginDouble } = await import('../platform/testing/pluginDouble');
  return { Share: pluginDouble('Share', env.share) };
});

vi.mock('@capacitor/filesystem', async () => {
  env.loaded.push('filesystem');
  const { pluginDouble } = await import('../platform/testing/pluginDouble');
  return { Directory: { Cache: 'CACHE' }, Encoding: { UTF8: 'utf8' }, Filesystem: pluginDouble('Filesystem', env.filesystem) };
});

vi.mock('@capacitor-community/keep-awake', async () => {
  env.loaded.push('keep-awake');
  const { pluginDouble } = await import('../platform/testing/pluginDouble');
  return { KeepAwake: pluginDouble('KeepAwake', env.keepAwake) };
});

vi.mock('@capacitor-community/bluetooth-le', async () => {
  env.loaded.push('bluetooth-le');
  const { createFakeBleClient } = await import('../platform/bluetooth/testing/fakeBleClient');
  env.ble = createFakeBleClient();
  return { BleClient: env.ble.client };
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.resetModules();
  env.loaded.length = 0;
  for (const plugin of [env.tts, env.share, env.filesystem, env.keepAwake]) for (const fn of Object.values(plugin)) fn.mockClear();
});

describe('port selection in a browser', () => {
  beforeEach(() => {
    env.native = false;
  });

  it('keeps the web voice, share and wake lock, and loads no plugin', async () => {
    const { createSpeech } = await import('../platform/speech');
    const { createSharePort } = await import('../platform/share');
    const { createWakeLock } = await import('../platform/wakeLock');
    const { WebWakeLock } = await import('../platform/wakeLock/webWakeLock');
    expect(() => createSpeech().speak('0.86')).toThrow('Voice feedback is not available: this browser has no speech synthesis');
    expect(await createSharePort().shareCsv('s.csv', 'x')).toBe('web');
    expect(createWakeLock()).toBeInstanceOf(WebWakeLock);
    await settle();
    expect(env.loaded).toEqual([]);
  });
});

describe('port selection in the native shell', () => {
  beforeEach(() => {
    env.native = true;
  });

  it('speaks through the text-to-speech plugin', async () => {
    const { createSpeech } = await import('../platform/speech');
    createSpeech().speak('0.86');
    await vi.waitFor(() => expect(env.tts.speak).toHaveBeenCalledWith({ text: '0.86', lang: 'en-US', rate: 1, pitch: 1, volume: 1, category: 'ambient' }));
  });

  it('shares through the cache file and the share sheet', async () => {
    const { createSharePort } = await import('../platform/share');
    expect(await createSharePort().shareCsv('s.csv', 'x')).toBe('com.google.android.gm');
    expect(env.loaded.sort()).toEqual(['filesystem', 'share']);
  });

  it('keeps the screen on through the keep-awake plugin', async () => {
    const { createWakeLock } = await import('../platform/wakeLock');
    const { NativeKeepAwake } = await import('../platform/wakeLock/nativeKeepAwake');
    const port = createWakeLock();
    expect(port).toBeInstanceOf(NativeKeepAwake);
    expect(await port.acquire()).toEqual({ kind: 'held' });
    expect(env.keepAwake.keepAwake).toHaveBeenCalledOnce();
  });

  it('connects the unit through BleClient, loaded on the first connect', async () => {
    const { createNativeBluetoothUnit } = await import('../platform/bluetooth/nativeBluetooth');
    const unit = createNativeBluetoothUnit();
    expect(env.loaded).toEqual([]);
    const connected = await unit.connect();
    expect([unit.kind, connected.deviceName, connected.firmware]).toEqual(['native', 'Repline 1', { major: 6, minor: 2, patch: 0 }]);
    expect(env.ble!.log.map((e) => `${e.op} ${e.characteristic.toString(16)}`)).toEqual([
      'read 1611', 'read 1612', 'read 1613', 'read 1606', 'subscribe 1604', 'read 160b', 'write 1608',
    ]);
  });
});
