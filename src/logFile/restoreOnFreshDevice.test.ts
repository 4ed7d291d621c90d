// @vitest-environment happy-dom
/**
 * The restore a coach meets on a new device (issue: "a second Athlete 1", "Recover unfinished
 * session?"): a fresh app, its team up (the settings on screen already kept with its first
 * athlete), restores a backup of another device holding two athletes and an unfinished session.
 * The first athlete gives way to the file's, and the file's unfinished session is kept but never
 * offered for recovery, now or after a reload. A session recorded here and finished asks the
 * browser once to keep the storage.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../compose/compose';
import { composeTestApp, type TestPorts } from '../compose/testing/testApp';
import { createFakeUnit } from '../device/testing/fakeUnit';
import { synthesizeSet } from '../device/simulation/physics';
import { JOURNAL_DB_NAME, openJournalStore, type JournalStore } from '../journal/store';
import fixture from '../journal/testing/journal-v3.json';
import { loadDatabase, type DatabaseDump } from '../journal/testing/idbDump';
import { backupFile } from './backup';

let app: (App & { ports: TestPorts }) | null = null;
beforeEach(() => {
  app = null;
});
afterEach(async () => {
  await app?.link.disconnect();
  app?.dispose();
  app = null;
});

/** A backup of the fixture's device: Ana, Cleo and Dan, four sessions, one unfinished. */
async function otherDevicesBackup(): Promise<Blob> {
  globalThis.indexedDB = new IDBFactory();
  await loadDatabase(globalThis.indexedDB, fixture.database as DatabaseDump);
  const store = await openJournalStore(JOURNAL_DB_NAME, { legacySettings: () => null, newId: () => 'x', now: () => 0 });
  const { blob } = await backupFile(store, new Date());
  store.close();
  return blob;
}

/** A new device: an empty journal, the app started over it (journal, then team). */
async function start(open: () => Promise<JournalStore>, ports: Partial<TestPorts> = {}): Promise<App & { ports: TestPorts }> {
  app?.dispose();
  app = composeTestApp({ openJournal: open, ...ports });
  await app.startBackground();
  return app;
}

describe('restoring on a fresh device', () => {
  it('replaces its untouched first athlete instead of adding a second “Athlete 1”, and offers no recovery of the file’s unfinished session', async () => {
    const file = await otherDevicesBackup();
    globalThis.indexedDB = new IDBFactory();
    const store = await openJournalStore(JOURNAL_DB_NAME, { legacySettings: () => null, newId: () => 'placeholder', now: () => Date.now() });
    const fresh = await start(async () => store);
    // The team kept the settings on screen with the first athlete, as it does at every start.
    fresh.stores.settings.update({ repGoal: 8 });
    await fresh.team.value!.ready;
    await fresh.journal.value!.restore(file);
    await expect.poll(() => fresh.team.value!.store.roster.value.map((a) => a.name).sort()).toEqual(['Ana', 'Cleo', 'Dan']);
    expect(fresh.journal.value!.offer.value).toBeNull();
    // A reload: the file's unfinished session is no crash of this device.
    const again = await start(async () => store, { storage: () => fresh.ports.memory });
    expect(again.journal.value!.offer.value).toBeNull();
    expect((await store.sessions()).some((s) => s.finishedAt === null)).toBe(true);
  });

  it('asks the browser once to keep the storage when the first session recorded here is kept', async () => {
    globalThis.indexedDB = new IDBFactory();
    const store = await openJournalStore(JOURNAL_DB_NAME, { legacySettings: () => null, newId: () => 'first', now: () => Date.now() });
    const device = await start(async () => store);
    expect(device.ports.kept.requests).toBe(0);
    for (const seed of [1, 2]) {
      const unit = createFakeUnit('demo');
      await device.link.connect(unit);
      unit.emitSamples(synthesizeSet({ reps: 3, seed, inertia: 0.05, restAfterS: 1 }));
      await device.link.disconnect();
      await device.journal.value!.settled();
    }
    await expect.poll(() => device.journal.value!.safety.value.persisted).toBe(true);
    expect(device.ports.kept.requests).toBe(1);
  });
});
