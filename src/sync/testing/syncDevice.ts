/**
 * A device for the sync client's tests: its own journal (a fresh in-memory IndexedDB), its own
 * edit clock and storage, a sync service on a network double that reaches the real server the
 * test started (over `fetch`), and timers the test fires by hand (the backoff's waits). The
 * device's wall clock may be set off the real one (`skewMs`), as a phone's can be. The hand-fired
 * timers (manualTimers.ts) are exported from here too, where tests that fire a device's waits find them.
 */
import { effect } from '@preact/signals-react';
import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { createDeviceClock, type DeviceClock } from '../../journal/deviceClock';
import { openJournalStore, type JournalStore } from '../../journal/store';
import { createTestNetwork, type TestNetwork } from '../../platform/network/testing/testNetwork';
import { createMemoryStorage } from '../../platform/storage';
import type { StoragePort } from '../../platform/storage/port';
import type { SyncJournal } from '../context';
import { createSyncService, type SyncService, type SyncStatus } from '../syncService';
import { manualTimers, type ManualTimers } from './manualTimers';

export { manualTimers, type ManualTimers };

export interface SyncDevice {
  store: JournalStore;
  clock: DeviceClock;
  storage: StoragePort;
  network: TestNetwork;
  timers: ManualTimers;
  sync: SyncService;
  /** The device's wall clock, ms since the epoch. */
  now(): number;
  /** Sets the device's clock `ms` off the real one from now on. */
  skew(ms: number): void;
  /** Counts merges of pulled records (what `journal.revision` counts in the app). */
  readonly merges: number;
  /**
   * The status as the run under way (or, when none is, the next one to start) ended: a test waits
   * on the run itself, however long its requests take, not on a guess of how long that is.
   */
  runEnded(): Promise<SyncStatus>;
}

/** Resolves with `sync`'s status when a run that is under way, or the next one, ends. */
function runEnded(sync: SyncService): Promise<SyncStatus> {
  return new Promise((resolve) => {
    let started = false;
    // Stopped in a microtask: the effect's first call runs inside `effect()`, before `stop` is set.
    const stop = effect(() => {
      const now = sync.status.value;
      if (now.running) started = true;
      else if (started) {
        resolve(now);
        queueMicrotask(stop);
      }
    });
  });
}

export async function syncDevice(options: { skewMs?: number; name?: string } = {}): Promise<SyncDevice> {
  let skew = options.skewMs ?? 0;
  const now = () => Date.now() + skew;
  const storage = createMemoryStorage();
  const clock = createDeviceClock({ storage: () => storage, now, newId: () => crypto.randomUUID() });
  globalThis.indexedDB = new IDBFactory();
  const store = await openJournalStore(`journal-${options.name ?? crypto.randomUUID()}`, { legacySettings: () => null, now, newId: () => crypto.randomUUID(), clock });
  let merges = 0;
  const journal: SyncJournal = {
    opened: async () => store,
    mergeEntries: (entries, mergeOptions) => {
      merges++;
      return store.merge(entries, mergeOptions);
    },
    merge: (write) => write(store),
    clock,
    settled: async () => {},
  };
  const network = createTestNetwork((url, init) => fetch(url, init));
  const timers = manualTimers();
  const sync = createSyncService({ storage: () => storage, network, journal, now, after: timers.after });
  return {
    store,
    clock,
    storage,
    network,
    timers,
    sync,
    now,
    skew: (ms) => void (skew = ms),
    get merges() {
      return merges;
    },
    runEnded: () => runEnded(sync),
  };
}
