import { describe, expect, it } from 'vitest';
import { findUnfinished, listHistory, loadSession, removeAllSessions, removeSession } from './archive';
import { SessionJournal } from './sessionJournal';
import { openJournalStore } from './store';
import { UNSPECIFIED_EXERCISE_ID } from '../rules/exercises';
import { appendInBatches, FIRST_ATHLETE_ID, FIRST_ATHLETE_TAGS, freshStore, manualTimer, recording, sameFloats, START } from './testKit';

function part(rec: { timeUs: Float64Array; angleDeg: Float64Array }, from: number, to: number) {
  return { timeUs: rec.timeUs.subarray(from, to), angleDeg: rec.angleDeg.subarray(from, to) };
}

describe('recovery of an unfinished session', () => {
  it('brings back every flushed sample, the gaps and the settings after the page is gone', async () => {
    const store = await freshStore();
    const journal = new SessionJournal({ store, every: manualTimer().every, now: () => 1_000 });
    const id = journal.start(START);
    const rec = recording(1500);
    appendInBatches(journal, part(rec, 0, 700));
    await journal.markGap(rec.timeUs[699]!, rec.timeUs[700]!);
    appendInBatches(journal, part(rec, 700, 1500));
    await journal.flush();
    // The tab dies here: no finish, no dispose. A new page opens its own connection.
    const reopened = await openJournalStore();

    const unfinished = await findUnfinished(reopened);
    expect(unfinished.map((s) => s.id)).toEqual([id]);
    const loaded = await loadSession(reopened, id);
    expect(sameFloats(loaded.samples.timeUs, rec.timeUs)).toBe(true);
    expect(sameFloats(loaded.samples.angleDeg, rec.angleDeg)).toBe(true);
    expect(loaded.gaps).toEqual([{ fromUs: 1_000_000 + 699 * 5000, toUs: 1_000_000 + 700 * 5000 }]);
    expect(loaded.meta.settings).toEqual({ ...START.settings, tags: FIRST_ATHLETE_TAGS });
    expect(loaded.meta.plates).toEqual(START.plates);
    expect(loaded.meta.unit).toEqual(START.unit);
  });

  it('continues a resumed session after the samples it already had', async () => {
    const store = await freshStore();
    const first = new SessionJournal({ store, every: manualTimer().every });
    const id = first.start(START);
    const rec = recording(900);
    appendInBatches(first, part(rec, 0, 500));
    await first.flush();

    const resumed = new SessionJournal({ store, every: manualTimer().every });
    resumed.resume(await loadSession(store, id));
    appendInBatches(resumed, part(rec, 500, 900));
    await resumed.finish({ reps: 2, best: { value: 1.02, metric: 'velocity', phase: 'concentric' } });

    const loaded = await loadSession(store, id);
    expect(sameFloats(loaded.samples.timeUs, rec.timeUs)).toBe(true);
    expect(await findUnfinished(store)).toEqual([]);
  });

  it('refuses to resume a session that is already finished', async () => {
    const store = await freshStore();
    const journal = new SessionJournal({ store, every: manualTimer().every });
    const id = journal.start(START);
    await journal.finish({ reps: 0, best: null });
    const again = new SessionJournal({ store, every: manualTimer().every });
    const finished = await loadSession(store, id);
    expect(() => again.resume(finished)).toThrow(
      `session ${id} is finished and cannot be resumed`,
    );
  });

  it('reports a chunk missing from the middle of a journal instead of splicing around it', async () => {
    const store = await freshStore();
    const journal = new SessionJournal({ store, every: manualTimer().every, flushIntervalMs: 100 });
    const id = journal.start(START);
    appendInBatches(journal, recording(200));
    await journal.flush();
    expect((await store.chunks(id)).length).toBeGreaterThan(2);
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('repline-journal');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    await new Promise<void>((resolve) => {
      const t = db.transaction('chunks', 'readwrite');
      t.objectStore('chunks').delete([id, 1]);
      t.oncomplete = () => resolve();
    });
    db.close();
    await expect(loadSession(store, id)).rejects.toThrow(`session ${id}: chunk 1 is missing from the journal (found 2 in its place)`);
  });

  it('journals a one-hour session of 720 000 samples and recovers it identically', async () => {
    const store = await freshStore();
    const journal = new SessionJournal({ store, every: manualTimer().every });
    const id = journal.start(START);
    const rec = recording(720_000);
    appendInBatches(journal, rec, 8);
    await journal.flush();
    const loaded = await loadSession(store, id);
    expect(loaded.samples.timeUs.length).toBe(720_000);
    expect(sameFloats(loaded.samples.timeUs, rec.timeUs)).toBe(true);
    expect(sameFloats(loaded.samples.angleDeg, rec.angleDeg)).toBe(true);
    // One chunk per second of recording: 3600 chunks of 200 samples.
    expect(loaded.chunks).toBe(3600);
  }, 120_000);
});

describe('history', () => {
  it('lists finished sessions newest first with their reps, best value and sets’ records (none for one finished without), never unfinished ones', async () => {
    const store = await freshStore();
    let clock = 1_000;
    const journal = () => new SessionJournal({ store, every: manualTimer().every, now: () => clock });
    const older = journal();
    const olderId = older.start(START);
    clock = 2_000;
    const sets = [{ athleteId: FIRST_ATHLETE_ID, exerciseId: UNSPECIFIED_EXERCISE_ID, startUs: 0, endUs: 9e6, inertia: 0.05, boost: 0, warmup: 1, reps: 7, counted: 6, velocities: [1.1, 1, 1, 1, 1, 1], velocityLoss: 9.09, angularAcceleration: 20, figures: {}, work: 100, overload: 1.1 }];
    await older.finish({ reps: 6, best: { value: 1.1, metric: 'velocity', phase: 'concentric' } }, sets);
    clock = 3_000;
    const newer = journal();
    const newerId = newer.start({ ...START, unitKind: 'bluetooth' });
    clock = 4_000;
    await newer.finish({ reps: 0, best: null });
    const open = journal();
    open.start(START);
    await open.flush();

    expect(await listHistory(store)).toEqual([
      { id: newerId, startedAt: 3_000, finishedAt: 4_000, reps: 0, best: null, unitKind: 'bluetooth', athleteIds: [FIRST_ATHLETE_ID], exerciseIds: [UNSPECIFIED_EXERCISE_ID], inertias: [0.0375], sets: null, notes: [], removedAthletes: {} },
      { id: olderId, startedAt: 1_000, finishedAt: 2_000, reps: 6, best: { value: 1.1, metric: 'velocity', phase: 'concentric' }, unitKind: 'demo', athleteIds: [FIRST_ATHLETE_ID], exerciseIds: [UNSPECIFIED_EXERCISE_ID], inertias: [0.0375], sets, notes: [], removedAthletes: {} },
    ]);
  });

  it('removes a session with all its samples and gaps, leaving the others', async () => {
    const store = await freshStore();
    const a = new SessionJournal({ store, every: manualTimer().every });
    const idA = a.start(START);
    appendInBatches(a, recording(300));
    await a.markGap(10_000_000, 11_000_000);
    await a.finish({ reps: 1, best: null });
    const b = new SessionJournal({ store, every: manualTimer().every });
    const idB = b.start(START);
    appendInBatches(b, recording(300));
    await b.finish({ reps: 1, best: null });

    await removeSession(store, idA);
    expect(await store.session(idA)).toBeUndefined();
    expect(await store.chunks(idA)).toEqual([]);
    expect(await store.gaps(idA)).toEqual([]);
    expect((await loadSession(store, idB)).samples.timeUs.length).toBe(300);
  });

  it('removes every session at once', async () => {
    const store = await freshStore();
    const a = new SessionJournal({ store, every: manualTimer().every });
    const id = a.start(START);
    appendInBatches(a, recording(300));
    await a.finish({ reps: 1, best: null });
    await removeAllSessions(store);
    expect(await store.sessions()).toEqual([]);
    expect(await store.chunks(id)).toEqual([]);
  });

  it('refuses to load a session that does not exist', async () => {
    await expect(loadSession(await freshStore(), 'nope')).rejects.toThrow('no session nope in the journal');
  });
});
