import { describe, expect, it, vi } from 'vitest';
import { loadSession } from './archive';
import { SessionJournal } from './sessionJournal';
import { appendInBatches, fillableStore, FIRST_ATHLETE_TAGS, freshStore, manualTimer, recording, sameFloats, START } from './testKit';

const FULL = 'Storage is full: recording continues in memory only; export the session to keep it';

describe('SessionJournal chunking', () => {
  it('cuts a chunk for every second of device time even when no timer ever fires', async () => {
    const store = await freshStore();
    const journal = new SessionJournal({ store, every: manualTimer().every });
    const id = journal.start(START);
    // 10 s at 200 Hz = 2000 samples, 5 ms apart, in batches of 7 that do not line up with
    // seconds. A chunk holds less than 1 s of device time: 200 samples (0 … 995 ms), so 10 chunks.
    appendInBatches(journal, recording(2000), 7);
    await journal.flush();
    const chunks = await store.chunks(id);
    expect(chunks.map((c) => c.timeUs.length)).toEqual(Array(10).fill(200));
    expect(chunks.map((c) => c.timeUs[0])).toEqual(Array.from({ length: 10 }, (_, i) => 1_000_000 + i * 1_000_000));
  });

  it('stores what arrived since the last tick when the one-second timer fires', async () => {
    const store = await freshStore();
    const timer = manualTimer();
    const journal = new SessionJournal({ store, every: timer.every });
    const id = journal.start(START);
    const rec = recording(120);
    appendInBatches(journal, { timeUs: rec.timeUs.subarray(0, 40), angleDeg: rec.angleDeg.subarray(0, 40) });
    timer.fire();
    appendInBatches(journal, { timeUs: rec.timeUs.subarray(40), angleDeg: rec.angleDeg.subarray(40) });
    timer.fire();
    await journal.flush();
    expect((await store.chunks(id)).map((c) => [c.seq, c.timeUs.length])).toEqual([
      [0, 40],
      [1, 80],
    ]);
  });

  it('writes the session record as soon as the session starts', async () => {
    const store = await freshStore();
    const journal = new SessionJournal({ store, every: manualTimer().every, now: () => 1_700_000_000_000, newId: () => 's1' });
    journal.start(START);
    await journal.flush();
    const { stamps, ...kept } = (await store.session('s1'))!;
    expect(kept).toEqual({ ...START, settings: { ...START.settings, tags: FIRST_ATHLETE_TAGS }, id: 's1', startedAt: 1_700_000_000_000, finishedAt: null, summary: null, modifiedAt: 1_700_000_000_000 });
    // Its first write stamps every register: the edit that made it.
    expect(Object.keys(stamps!)).toEqual(['recording', 'tags', 'sets']);
    expect(new Set(Object.values(stamps!)).size).toBe(1);
  });

  it('stores chunks as Float64Arrays, not as JSON or plain arrays', async () => {
    const store = await freshStore();
    const journal = new SessionJournal({ store, every: manualTimer().every });
    const id = journal.start(START);
    appendInBatches(journal, recording(50));
    await journal.flush();
    const [chunk] = await store.chunks(id);
    expect(chunk!.timeUs).toBeInstanceOf(Float64Array);
    expect(chunk!.angleDeg).toBeInstanceOf(Float64Array);
  });

  it('stops its timer once a finished session is fully stored', async () => {
    const store = await freshStore();
    const timer = manualTimer();
    const journal = new SessionJournal({ store, every: timer.every });
    journal.start(START);
    await journal.finish({ reps: 0, best: null });
    timer.fire();
    await journal.flush();
    expect(timer.active).toBe(0);
  });
});

describe('SessionJournal when storage fails', () => {
  it('reports a full disk once, keeps recording in memory and stores everything when space returns', async () => {
    const store = fillableStore(await freshStore());
    const timer = manualTimer();
    const onStorageError = vi.fn();
    const onStorageRestored = vi.fn();
    const journal = new SessionJournal({ store, every: timer.every, onStorageError, onStorageRestored });
    const id = journal.start(START);
    const rec = recording(1000);
    const part = (from: number, to: number) => ({ timeUs: rec.timeUs.subarray(from, to), angleDeg: rec.angleDeg.subarray(from, to) });

    appendInBatches(journal, part(0, 400));
    expect(await journal.flush()).toEqual({ kind: 'saved' });

    store.full = true;
    expect(() => appendInBatches(journal, part(400, 1000))).not.toThrow();
    timer.fire();
    timer.fire();
    const result = await journal.flush();
    expect(result.kind).toBe('memory-only');
    expect(result.kind === 'memory-only' && result.unsavedSamples).toBe(600);
    expect(onStorageError).toHaveBeenCalledTimes(1);
    expect(onStorageError.mock.calls[0]![0].message).toBe(FULL);
    expect(onStorageError.mock.calls[0]![0].quota).toBe(true);
    expect(journal.storageFailure?.message).toBe(FULL);

    // What was journaled before the disk filled is still there, untouched.
    const during = await loadSession(store, id);
    expect(sameFloats(during.samples.timeUs, rec.timeUs.subarray(0, 400))).toBe(true);

    store.full = false;
    timer.fire();
    expect(await journal.flush()).toEqual({ kind: 'saved' });
    expect(onStorageRestored).toHaveBeenCalledTimes(1);
    expect(journal.unsavedSamples).toBe(0);
    const after = await loadSession(store, id);
    expect(sameFloats(after.samples.timeUs, rec.timeUs)).toBe(true);
    expect(sameFloats(after.samples.angleDeg, rec.angleDeg)).toBe(true);
  });

  it('stops taking samples at its memory bound, says so once, and never leaves a hole when storage returns', async () => {
    const store = fillableStore(await freshStore());
    const timer = manualTimer();
    const onFull = vi.fn();
    const journal = new SessionJournal({ store, every: timer.every, maxUnsavedSamples: 500, onFull });
    const id = journal.start(START);
    const rec = recording(2000);
    const part = (from: number, to: number) => ({ timeUs: rec.timeUs.subarray(from, to), angleDeg: rec.angleDeg.subarray(from, to) });

    appendInBatches(journal, part(0, 300));
    await journal.flush();
    store.full = true;
    appendInBatches(journal, part(300, 400));
    await journal.flush();
    appendInBatches(journal, part(400, 1500));
    await journal.markGap(rec.timeUs[1499]!, rec.timeUs[1499]! + 5e6);
    timer.fire();
    await journal.flush();

    expect(journal.unsavedSamples).toBe(500);
    expect(onFull).toHaveBeenCalledTimes(1);
    expect(onFull).toHaveBeenCalledWith({ fromUs: rec.timeUs[800], unsavedSamples: 500, unsavedFromUs: rec.timeUs[300] });
    expect(journal.stoppedAt?.fromUs).toBe(rec.timeUs[800]);
    const held = journal.unsaved();
    expect(held.timeUs).toEqual(Array.from(rec.timeUs.subarray(300, 800)));
    expect(held.angleDeg).toEqual(Array.from(rec.angleDeg.subarray(300, 800)));
    expect(held.gaps).toEqual([]);

    store.full = false;
    appendInBatches(journal, part(1500, 2000));
    expect(await journal.flush()).toEqual({ kind: 'saved' });
    const stored = await loadSession(store, id);
    expect(sameFloats(stored.samples.timeUs, rec.timeUs.subarray(0, 800))).toBe(true);
    expect(stored.gaps).toEqual([]);
  });

  it('hands out what is not stored yet, gaps in place, for the page-hide copy', async () => {
    const store = fillableStore(await freshStore());
    const journal = new SessionJournal({ store, every: manualTimer().every });
    journal.start(START);
    const rec = recording(600);
    store.full = true;
    appendInBatches(journal, { timeUs: rec.timeUs.subarray(0, 250), angleDeg: rec.angleDeg.subarray(0, 250) });
    await journal.markGap(rec.timeUs[249]!, rec.timeUs[250]!);
    appendInBatches(journal, { timeUs: rec.timeUs.subarray(250, 600), angleDeg: rec.angleDeg.subarray(250, 600) });
    const held = journal.unsaved();
    expect(held.timeUs).toEqual(Array.from(rec.timeUs));
    expect(held.gaps).toEqual([{ fromUs: rec.timeUs[249], toUs: rec.timeUs[250] }]);
  });

  it('keeps retrying a finished session that could not be stored until it is', async () => {
    const store = fillableStore(await freshStore());
    const timer = manualTimer();
    const journal = new SessionJournal({ store, every: timer.every });
    const id = journal.start(START);
    appendInBatches(journal, recording(100));
    store.full = true;
    expect((await journal.finish({ reps: 3, best: null })).kind).toBe('memory-only');
    expect(timer.active).toBe(1);
    store.full = false;
    timer.fire();
    await journal.flush();
    expect((await store.session(id))?.summary).toEqual({ reps: 3, best: null });
    expect(timer.active).toBe(0);
  });

  it('keeps journaling after a storage-error listener throws, handing that error to the caller', async () => {
    const store = fillableStore(await freshStore());
    const journal = new SessionJournal({
      store,
      every: manualTimer().every,
      onStorageError: () => {
        throw new Error('the alert region is gone');
      },
    });
    const id = journal.start(START);
    await journal.flush();
    store.full = true;
    appendInBatches(journal, recording(100));
    await expect(journal.flush()).rejects.toThrow('the alert region is gone');
    store.full = false;
    expect(await journal.flush()).toEqual({ kind: 'saved' });
    expect((await loadSession(store, id)).samples.timeUs.length).toBe(100);
  });

  it('names the cause when a write fails for another reason than space', async () => {
    const store = await freshStore();
    const onStorageError = vi.fn();
    const broken = { ...store, write: () => Promise.reject(new DOMException('The database connection is closing.', 'InvalidStateError')) };
    const journal = new SessionJournal({ store: broken, every: manualTimer().every, onStorageError });
    journal.start(START);
    await journal.flush();
    expect(onStorageError.mock.calls[0]![0].message).toBe(
      'Could not save the session on this device (InvalidStateError: The database connection is closing.): recording continues in memory only; export the session to keep it',
    );
  });
});

describe('SessionJournal input checks', () => {
  it('refuses samples before the session starts', async () => {
    const journal = new SessionJournal({ store: await freshStore(), every: manualTimer().every });
    expect(() => journal.append([1], [2])).toThrow('SessionJournal.append: the journal is idle, expected recording');
  });

  it('refuses times and angles of different lengths', async () => {
    const journal = new SessionJournal({ store: await freshStore(), every: manualTimer().every });
    journal.start(START);
    expect(() => journal.append([1, 2], [2])).toThrow('append: 2 times but 1 angles');
  });

  it('refuses a gap that does not move forward in time', async () => {
    const journal = new SessionJournal({ store: await freshStore(), every: manualTimer().every });
    journal.start(START);
    expect(() => journal.markGap(5_000, 5_000)).toThrow('markGap: expected finite fromUs < toUs, got 5000 … 5000');
  });

  it('refuses plate counts that are not five non-negative integers', async () => {
    const journal = new SessionJournal({ store: await freshStore(), every: manualTimer().every });
    expect(() => journal.start({ ...START, plates: [1, 2, 3] as never })).toThrow('plates must be five non-negative integer counts, got [1, 2, 3]');
  });

  it('refuses samples after the session is finished', async () => {
    const journal = new SessionJournal({ store: await freshStore(), every: manualTimer().every });
    journal.start(START);
    await journal.finish({ reps: 0, best: null });
    expect(() => journal.append([1], [2])).toThrow('the journal is finished');
  });
});

describe('SessionJournal ratings', () => {
  it('hands each new or changed rating of the screen to the store once, which stamps only the fields it changed', async () => {
    const store = fillableStore(await freshStore());
    const journal = new SessionJournal({ store, every: manualTimer().every, newId: () => 'rated' });
    journal.start(START);
    const starts = [1e6, 9e6];
    await journal.updateSettings(START.settings, START.plates, [{ atUs: 1e6, rpe: 7, note: '' }], starts);
    await journal.updateSettings(START.settings, START.plates, [{ atUs: 1e6, rpe: 7, note: 'tired' }], starts);
    const writes = store.writes;
    await journal.updateSettings(START.settings, START.plates, [{ atUs: 1e6, rpe: 7, note: 'tired' }], starts);
    const [entry, ...others] = (await store.session('rated'))!.notes!;
    expect(others).toEqual([]);
    expect([entry!.rpe, entry!.note]).toEqual([7, 'tired']);
    expect(entry!.stamps!.rpe! < entry!.stamps!.note!).toBe(true);
    expect(store.writes).toBe(writes + 1);
  });
});
