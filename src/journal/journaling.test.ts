// @vitest-environment happy-dom
/**
 * The app's journaling end to end over an in-memory IndexedDB: a session left unfinished by a
 * "crash" is offered at start-up and recovered with the reps the physics performed, journaling
 * carries on into it over a new connection, and the history reprocesses, exports and deletes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { synthesizeSet } from '../device/simulation/physics';
import { reprocess } from '../engine';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { listHistory, loadSession } from './archive';
import { SessionJournal } from './sessionJournal';
import type { JournalStore } from './store';
import { fillableStore, freshStore, manualTimer } from './testKit';
import type { App } from '../compose/compose';
import { composeTestApp } from '../compose/testing/testApp';
import type { Unit } from '../device/unit';
import { createMemoryStorage, createResilientStorage, type ResilientStorage } from '../platform/storage';
import { workoutSnapshot } from './sessionRecovery';
import { TAIL_KEY } from './journalTail';
import { SETTINGS_KEY } from '../stores/settings';
import { PROFILE_TEST_KEY } from '../stores/profileTest';
import { DEFAULT_PROFILE_TEST } from '../rules/profileTest';
import { DEFAULT_SETTINGS } from '../rules/settingsModel';
import { createFakeUnit, FAKE_DEVICE } from '../device/testing/fakeUnit';

/** Six reps at 0.05 kg·m², two of them warmup, with rest after the last. */
const SET = synthesizeSet({ reps: 6, seed: 5, inertia: 0.05, restAfterS: 1.5 });
const RECORDED = { ...DEFAULT_SETTINGS, warmup: 2, metric: 'torque' as const, plates: [0, 1, 0, 0, 0] };
const STARTED_AT = Date.UTC(2025, 0, 5, 10, 0);

/** A session journaled up to the end of the set and never finished (the tab crashed). */
async function crashedSession(store: JournalStore, samples = SET): Promise<void> {
  const journal = new SessionJournal({ store, every: manualTimer().every, newId: () => 'crashed', now: () => STARTED_AT });
  journal.start({
    settings: { engine: { ...DEFAULT_ENGINE_SETTINGS, inertia: 0.05, warmup: 2 }, workout: workoutSnapshot(RECORDED) },
    plates: [0, 1, 0, 0, 0],
    unitKind: 'bluetooth',
    unit: FAKE_DEVICE,
  });
  if (samples.timeUs.length > 0) journal.append(samples.timeUs, samples.angleDeg);
  await journal.flush();
  journal.dispose();
}

/** This origin's localStorage: it outlives a page, like the database does. */
let storage: ResilientStorage;
/** The page: composed anew by every start, as a reload does. */
let app: App | null = null;

/** A page starts: the app is composed and its journal opens `open`. */
async function startJournaling(open: () => Promise<JournalStore>): Promise<void> {
  app?.dispose();
  app = composeTestApp({ openJournal: open, storage: () => storage, storageProblem: () => storage.problem() });
  await app.startBackground();
}

const page = (): App => app!;
const journal = () => page().journal.value!;
const recoveryOffer = {
  get value() {
    return journal().offer.value;
  },
};
const recoverSession = () => journal().recover();
const postponeRecovery = () => journal().postpone();
const discardRecovery = () => journal().discard();
const historyEntries = () => journal().history();
const recordedSession = (id: string) => journal().recorded(id);
const deleteSession = (id: string) => journal().remove(id);
const deleteAllData = () => journal().deleteAll();
const connectUnit = (unit: Unit) => page().link.connect(unit);
const disconnectUnit = async () => app?.link.disconnect();
const resetSession = () => page().link.reset();
const settings = () => page().stores.settings.current;
const errors = () => page().stores.alerts.errors;

beforeEach(async () => {
  await disconnectUnit();
  app?.dispose();
  app = null;
  storage = createResilientStorage(() => createMemoryStorage());
});

describe('recovery at start-up', () => {
  it('offers the unfinished session and brings back its settings and the reps the physics performed', async () => {
    const store = await freshStore();
    await crashedSession(store);
    await startJournaling(async () => store);
    const offer = recoveryOffer.value!;
    expect([offer.startedAt, offer.samples]).toEqual([STARTED_AT, SET.timeUs.length]);
    expect(offer.durationS).toBeCloseTo((SET.timeUs.at(-1)! - SET.timeUs[0]!) / 1e6, 9);

    recoverSession();
    expect(recoveryOffer.value).toBeNull();
    expect(settings().value).toMatchObject({ warmup: 2, metric: 'torque', plates: [0, 1, 0, 0, 0] });
    const reps = page().session.reps.value;
    expect(reps.map((r) => r.count)).toEqual([-1, 0, 1, 2, 3, 4]);
    reps.forEach((rep, i) => {
      expect(rep.concentric.velocity / SET.reps[i]!.concentricMeanVelocity).toBeGreaterThan(0.9);
      expect(rep.concentric.velocity / SET.reps[i]!.concentricMeanVelocity).toBeLessThan(1.1);
    });
    // The same reps as the whole recording processed at once, as if there had been no crash.
    const samples = { timeUs: Float64Array.from(SET.timeUs), angleDeg: Float64Array.from(SET.angleDeg) };
    expect(reps).toEqual(reprocess(samples, { inertia: 0.05, warmup: 2 }).reps);
  });

  it('journals on into the recovered session over the next connection, and finishes it there', async () => {
    const store = await freshStore();
    await crashedSession(store);
    await startJournaling(async () => store);
    recoverSession();
    const unit = createFakeUnit('bluetooth');
    await connectUnit(unit);
    unit.emitSamples({ timeUs: [1_000, 6_000], angleDeg: [0, 0] });
    await disconnectUnit();
    await journal().settled();
    const loaded = await loadSession(store, 'crashed');
    expect(loaded.samples.timeUs).toHaveLength(SET.timeUs.length + 2);
    expect(loaded.gaps).toEqual([{ fromUs: SET.timeUs.at(-1)!, toUs: SET.timeUs.at(-1)! + 1_000_000 }]);
    expect(loaded.meta.summary).toEqual({ reps: 4, best: { value: expect.any(Number), metric: 'torque', phase: 'concentric' } });
    expect((await listHistory(store)).map((h) => h.id)).toEqual(['crashed']);
  });

  it('removes an unfinished session that holds no sample instead of offering it', async () => {
    const store = await freshStore();
    await crashedSession(store, { ...SET, timeUs: [], angleDeg: [] });
    await startJournaling(async () => store);
    expect(recoveryOffer.value).toBeNull();
    expect(await store.sessions()).toEqual([]);
  });

  it('offers it again at the next start after Not now, and deletes it on Discard', async () => {
    const store = await freshStore();
    await crashedSession(store);
    await startJournaling(async () => store);
    postponeRecovery();
    await startJournaling(async () => store);
    expect(recoveryOffer.value?.loaded.meta.id).toBe('crashed');
    await discardRecovery();
    expect(recoveryOffer.value).toBeNull();
    expect(await store.sessions()).toEqual([]);
  });

  it('says so and keeps recording in memory when the journal cannot open', async () => {
    await startJournaling(() => Promise.reject(new Error('IndexedDB is not available in this browser')));
    expect(errors().value.map((e) => e.message)).toEqual([
      'Sessions cannot be kept on this device (IndexedDB is not available in this browser): recording continues in memory only; export a session to keep it',
    ]);
  });
});

describe('the last second before the page goes', () => {
  it('is saved synchronously when the page hides and recovered with the journal, every sample once', async () => {
    const store = fillableStore(await freshStore());
    await startJournaling(async () => store);
    const unit = createFakeUnit('bluetooth');
    await connectUnit(unit);
    await journal().settled();
    // The disk refuses from now on, like an IndexedDB write the browser drops as the page unloads.
    store.full = true;
    unit.emitSamples({ timeUs: SET.timeUs.slice(0, 150), angleDeg: SET.angleDeg.slice(0, 150) });
    window.dispatchEvent(new Event('pagehide'));
    // The page is gone; a new one starts over the same database.
    store.full = false;
    await startJournaling(async () => store);
    await disconnectUnit();
    expect(recoveryOffer.value?.samples).toBe(150);
    recoverSession();
    expect(Array.from(page().session.raw().timeUs)).toEqual(SET.timeUs.slice(0, 150));
    expect(storage.read(TAIL_KEY)).toBeNull();
    resetSession();
    await journal().settled();
    const [history] = await listHistory(store);
    expect(Array.from((await loadSession(store, history!.id)).samples.timeUs)).toEqual(SET.timeUs.slice(0, 150));
  });

  it('says how much is at stake and offers the export when site storage refuses that copy', async () => {
    const quota = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    storage = createResilientStorage(() => ({ read: () => null, write: quota, remove: () => {} }));
    const store = fillableStore(await freshStore());
    await startJournaling(async () => store);
    const unit = createFakeUnit('bluetooth');
    await connectUnit(unit);
    await journal().settled();
    const atStake = () => errors().value.filter((n) => n.message.includes('could not be saved on this device'));
    // While the journal writes, only its last second is ever at stake: no alarm for that.
    unit.emitSamples({ timeUs: SET.timeUs.slice(0, 100), angleDeg: SET.angleDeg.slice(0, 100) });
    window.dispatchEvent(new Event('pagehide'));
    expect(atStake()).toEqual([]);
    await journal().settled();
    store.full = true;
    unit.emitSamples({ timeUs: SET.timeUs.slice(100, 400), angleDeg: SET.angleDeg.slice(100, 400) });
    await journal().settled();
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    const spanS = Math.round((SET.timeUs[399]! - SET.timeUs[100]!) / 1e6);
    expect(atStake()).toHaveLength(1);
    expect(atStake()[0]!.message).toBe(
      `The last ${spanS} s (300 samples) of the session could not be saved on this device (this browser's storage for the site is full): export the session to keep it`,
    );
    expect(atStake()[0]!.action?.label).toBe('Export CSV');
    expect(errors().value.some((n) => n.message.startsWith('Storage is full') && n.action?.label === 'Export CSV')).toBe(true);
    await disconnectUnit();
  });
});

describe('the history', () => {
  async function finishedSession(): Promise<JournalStore> {
    const store = await freshStore();
    await crashedSession(store);
    await startJournaling(async () => store);
    recoverSession();
    // Reset finishes the session into the history; later plate changes are not the session's.
    resetSession();
    await journal().settled();
    settings().value = { ...settings().value, plates: [0, 0, 0, 0, 0] };
    return store;
  }

  it('lists a finished session with its reps and best value, and gives it back with its own settings and reps', async () => {
    await finishedSession();
    const [entry] = await historyEntries();
    expect(entry).toMatchObject({ id: 'crashed', startedAt: STARTED_AT, reps: 4, best: { metric: 'torque', phase: 'concentric' } });
    const recorded = await recordedSession('crashed');
    // The plates it was recorded with, not the ones on now.
    expect(recorded.settings.plates).toEqual([0, 1, 0, 0, 0]);
    expect(settings().value.plates).toEqual([0, 0, 0, 0, 0]);
    const samples = { timeUs: Float64Array.from(SET.timeUs), angleDeg: Float64Array.from(SET.angleDeg) };
    expect(recorded.reps).toEqual(reprocess(samples, { inertia: 0.05, warmup: 2 }).reps);
  });

  it('keeps each set at the plates it was done with, across a plate change, for the history', async () => {
    const store = await freshStore();
    await startJournaling(async () => store);
    settings().value = { ...settings().value, plates: [0, 1, 0, 0, 0] };
    const unit = createFakeUnit('bluetooth');
    await connectUnit(unit);
    unit.emitSamples(SET);
    // Between the sets the athlete puts the 0.1 plate on as well: 0.15 kg·m².
    settings().value = { ...settings().value, plates: [1, 1, 0, 0, 0] };
    const second = synthesizeSet({ reps: 6, seed: 6, inertia: 0.15, restAfterS: 1.5, startTimeUs: SET.timeUs.at(-1)! + 30e6, startAngleDeg: SET.endAngleDeg });
    unit.emitSamples(second);
    await disconnectUnit();
    await journal().settled();

    const [entry] = await historyEntries();
    const recorded = await recordedSession(entry!.id);
    expect(recorded.loads.map((span) => span.inertia)).toEqual([0.05, 0.15]);
    const samples = { timeUs: Float64Array.from([...SET.timeUs, ...second.timeUs]), angleDeg: Float64Array.from([...SET.angleDeg, ...second.angleDeg]) };
    const at = (inertia: number) => reprocess(samples, { ...DEFAULT_ENGINE_SETTINGS, inertia }).reps;
    expect(recorded.reps).toEqual([...at(0.05).slice(0, 6), ...at(0.15).slice(6)]);
  });

  it('deletes one session', async () => {
    await finishedSession();
    await deleteSession('crashed');
    expect(await historyEntries()).toEqual([]);
  });

  it('deletes all data, sessions, saved settings and the profile test, but not while a unit is connected', async () => {
    await finishedSession();
    settings().value = { ...settings().value, mass: 70 };
    (await page().profileTest()).setPlan({ ...DEFAULT_PROFILE_TEST, steps: 5 });
    expect(storage.read(PROFILE_TEST_KEY)).not.toBeNull();
    await connectUnit(createFakeUnit());
    await expect(deleteAllData()).rejects.toThrow('Disconnect the unit first: its session is being recorded');
    await disconnectUnit();
    await deleteAllData();
    expect(await historyEntries()).toEqual([]);
    expect(settings().value.mass).toBe(DEFAULT_SETTINGS.mass);
    expect(JSON.parse(storage.read(SETTINGS_KEY)!).mass).toBe(DEFAULT_SETTINGS.mass);
    expect(storage.read(PROFILE_TEST_KEY)).toBeNull();
    expect(page().session.reps.value).toEqual([]);
  });
});

describe('Settings → Data while the journal still opens after start-up', () => {
  it('waits for it: a restore then answers for the file, not with "no storage"', async () => {
    let opened!: () => void;
    const gate = new Promise<void>((resolve) => (opened = resolve));
    app?.dispose();
    app = composeTestApp({ openJournal: async () => (await gate, freshStore()), storage: () => storage, storageProblem: () => storage.problem() });
    const started = app.startBackground();
    await expect.poll(() => app!.journal.value).not.toBeNull();
    // The restore's module already loaded, so that it reaches the store while the journal opens.
    await import('../logFile/logTransfer');
    const restored = journal().restore(new Blob(['{"hello":"world"}']));
    const outcome = restored.then(() => 'restored', (error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await Promise.race([outcome, 'waiting'])).toBe('waiting');
    opened();
    await started;
    await expect(restored).rejects.toThrow('This file is not a Repline backup.');
  });
});
