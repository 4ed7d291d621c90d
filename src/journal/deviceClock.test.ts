import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../platform/storage';
import { makeStamp, parseStamp } from '../log/stamp';
import { createDeviceClock, DEVICE_KEY } from './deviceClock';

const HOUR = 3_600_000;

describe('the device’s edit clock', () => {
  it('keeps one device id, made once, and its reading across reloads, so it never stamps back in time', () => {
    const storage = createMemoryStorage();
    let wall = 10 * HOUR;
    let ids = 0;
    const deps = { storage: () => storage, now: () => wall, newId: () => `device-${++ids}` };
    const first = createDeviceClock(deps);
    const made = [first.next(), first.next()];
    // The page reloads with the wall clock an hour back (a clock corrected, a time zone changed).
    wall -= HOUR;
    const again = createDeviceClock(deps);
    expect(again.deviceId).toBe('device-1');
    const after = again.next();
    expect(after > made[1]!).toBe(true);
    expect(parseStamp(after).node).toBe('device-1');
    expect(JSON.parse(storage.read(DEVICE_KEY)!).deviceId).toBe('device-1');
  });

  it('stamps after every stamp it observed, and as the team server’s device id once told', () => {
    const storage = createMemoryStorage();
    const clock = createDeviceClock({ storage: () => storage, now: () => 1_000, newId: () => 'local' });
    const seen = makeStamp({ ms: 5_000, count: 3 }, 'tablet');
    clock.observe(seen);
    clock.useDeviceId('server-7');
    const next = clock.next();
    expect(next > seen).toBe(true);
    expect(parseStamp(next).node).toBe('server-7');
    expect(createDeviceClock({ storage: () => storage, now: () => 0, newId: () => 'other' }).deviceId).toBe('server-7');
  });

  it('reads the server’s time through the offset it is given, and starts again from what it saw after stamping in the future', () => {
    const storage = createMemoryStorage();
    const clock = createDeviceClock({ storage: () => storage, now: () => 10 * HOUR + HOUR, newId: () => 'ahead' });
    const future = clock.next();
    expect(parseStamp(future).ms).toBe(11 * HOUR);
    clock.setOffset(-HOUR);
    const server = makeStamp({ ms: 10 * HOUR - 5, count: 0 }, 'tablet');
    clock.restart([server]);
    const restamped = clock.next();
    expect(parseStamp(restamped).ms).toBe(10 * HOUR);
    expect(restamped > server && restamped < future).toBe(true);
  });

  it('makes a clock for the visit when storage holds something that is not one', () => {
    const storage = createMemoryStorage({ [DEVICE_KEY]: '{"deviceId":""}' });
    expect(createDeviceClock({ storage: () => storage, now: () => 0, newId: () => 'fresh' }).deviceId).toBe('fresh');
  });
});
