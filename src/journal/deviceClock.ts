/**
 * This device's edit clock (log/stamp.ts, docs/behaviour.md §10): one per app, made by the
 * composition root after the first render and handed to the journal, which stamps every edit
 * with it and has it observe every stamp that comes in (a restore, later a sync).
 *
 * - The device's id, the clock's node, is a UUID made once and kept in this device's storage
 *   (`DEVICE_KEY`), so that two devices never make the same stamp. The sync client replaces it
 *   with the team server's id for this device once it joins (`useDeviceId`, docs/sync.md §3); a
 *   stamp made before keeps the old id, which is as unique.
 * - Its reading is kept there too, at every stamp made or observed, so that the clock never goes
 *   back across reloads, whatever the wall clock does.
 * - The wall-clock part reads the device's clock plus an offset to the team server's, 0 until
 *   the sync client measures one (`setOffset`, docs/sync.md §2 and §8).
 * Storage that fails (blocked site data) leaves a clock for the visit: stamps are still unique
 * (a new id) and ordered while the page lives.
 */
import type { StoragePort } from '../platform/storage/port';
import { createEditClock, type ClockReading, type EditClock, type Stamp } from '../log/stamp';

export type { EditClock } from '../log/stamp';

export const DEVICE_KEY = 'repline.device.v1';

export interface DeviceClock extends EditClock {
  /** The id inside this device's stamps from now on. */
  readonly deviceId: string;
  /** Stamps as `deviceId` from now on (the team server's id for this device), and keeps it. */
  useDeviceId(deviceId: string): void;
  /** The team server's clock minus this device's, ms (measured by the sync client at every reply). */
  setOffset(ms: number): void;
  /**
   * Starts again from no reading, having observed only `seen`: after the team server refused
   * stamps from the future (docs/sync.md §8), a clock that never goes back would go on stamping
   * there.
   */
  restart(seen: readonly Stamp[]): void;
}

interface Kept {
  deviceId: string;
  reading: ClockReading;
}

function readKept(storage: StoragePort): Kept | null {
  try {
    const kept = JSON.parse(storage.read(DEVICE_KEY) ?? 'null') as Partial<Kept> | null;
    const r = kept?.reading;
    if (typeof kept?.deviceId !== 'string' || kept.deviceId.length === 0 || !Number.isInteger(r?.ms) || !Number.isInteger(r?.count)) return null;
    return { deviceId: kept.deviceId, reading: { ms: r!.ms, count: r!.count } };
  } catch {
    return null;
  }
}

export interface DeviceClockDeps {
  storage: () => StoragePort;
  /** The device's wall clock, ms since the epoch. */
  now: () => number;
  newId: () => string;
}

export function createDeviceClock(deps: DeviceClockDeps): DeviceClock {
  const kept = readKept(deps.storage());
  let deviceId = kept?.deviceId ?? deps.newId();
  let offset = 0;
  const start = (from?: ClockReading) => createEditClock({ node: deviceId, now: deps.now, offsetMs: () => offset, from });
  let clock = start(kept?.reading);
  let saved = '';

  function keep(): void {
    const text = JSON.stringify({ deviceId, reading: clock.reading() });
    if (text === saved) return;
    saved = text;
    try {
      deps.storage().write(DEVICE_KEY, text);
    } catch {
      // The storage port already falls back to memory and says why; a clock for the visit remains.
    }
  }
  keep();

  return {
    get deviceId() {
      return deviceId;
    },
    next() {
      const stamp = clock.next();
      keep();
      return stamp;
    },
    observe(stamp) {
      clock.observe(stamp);
      keep();
    },
    reading: () => clock.reading(),
    useDeviceId(id) {
      if (id.length === 0) throw new Error('a device id cannot be empty');
      deviceId = id;
      clock = start(clock.reading());
      keep();
    },
    setOffset(ms) {
      if (!Number.isFinite(ms)) throw new Error(`a clock offset must be a number of ms, got ${ms}`);
      offset = Math.round(ms);
    },
    restart(seen) {
      clock = start();
      for (const stamp of seen) clock.observe(stamp);
      keep();
    },
  };
}
