import { signal } from '@preact/signals-react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { listHistory, loadSession } from './archive';
import type { PlateCounts } from '../log/records';
import type { JournalStore } from './store';
import { fillableStore, freshStore, manualTimer, wrapStore } from './testKit';
import { createLiveSession } from '../workout/liveSession';
import { createRecorder, type RecorderDeps } from './recorder';
import { fakeEngineApi, repSamples } from '../workout/testing/fakeEngine';
import { createFakeUnit, FAKE_DEVICE } from '../device/testing/fakeUnit';

const SUMMARY = { reps: 2, best: { value: 0.9, metric: 'velocity' as const, phase: 'concentric' as const } };

async function setup(store?: JournalStore, maxUnsavedSamples?: number) {
  const theStore = store ?? (await freshStore());
  const session = createLiveSession({ engine: fakeEngineApi, settings: signal({ ...DEFAULT_ENGINE_SETTINGS }), requestFrame: (cb) => cb(), onError: () => {} });
  const unit = createFakeUnit('bluetooth');
  const notices: string[] = [];
  let ids = 0;
  const plates: { value: PlateCounts } = { value: [0, 1, 0, 0, 0] };
  const deps: RecorderDeps = {
    store: theStore,
    session,
    snapshot: () => ({ settings: { engine: { ...DEFAULT_ENGINE_SETTINGS, inertia: 0.05 }, workout: { metric: 'velocity' } }, plates: plates.value }),
    summary: () => ({ summary: SUMMARY }),
    onStorageError: (m) => notices.push(`error: ${m}`),
    onStorageRestored: () => notices.push('restored'),
    onError: (m) => notices.push(`failed: ${m}`),
    onJournalFull: (m) => notices.push(`full: ${m}`),
    journal: { every: manualTimer().every, newId: () => `s${++ids}`, now: () => 1_700_000_000_000, maxUnsavedSamples },
  };
  const recorder = createRecorder(deps);
  /** What connectUnit does: the recorder first, then the live session, then the connect sequence. */
  const connect = () => {
    session.attach(unit, { continueSession: recorder.connecting() });
    recorder.connected({ unit, device: FAKE_DEVICE });
  };
  return { store: theStore, session, unit, recorder, notices, connect, plates };
}

describe('the recorder', () => {
  it('journals a connected session with its settings, plates and unit, and finishes it with the summary', async () => {
    const { store, unit, recorder, connect } = await setup();
    connect();
    unit.emitSamples(repSamples(0, 90));
    unit.emitSamples(repSamples(100_000, 80));
    await recorder.end();
    const loaded = await loadSession(store, 's1');
    expect(Array.from(loaded.samples.timeUs)).toEqual([...repSamples(0, 90).timeUs, ...repSamples(100_000, 80).timeUs]);
    expect(loaded.meta).toMatchObject({ unitKind: 'bluetooth', unit: FAKE_DEVICE, plates: [0, 1, 0, 0, 0], summary: SUMMARY, finishedAt: 1_700_000_000_000 });
    expect(loaded.meta.settings.engine.inertia).toBe(0.05);
    expect((await listHistory(store)).map((h) => h.id)).toEqual(['s1']);
  });

  it('says when everything it was handed is stored: the session it ended, and the one it records', async () => {
    const base = await freshStore();
    let unfinished = 0;
    /** The base store, counting the writes and removals under way. */
    const counting: JournalStore = wrapStore(base, {
      write: (ops) => (unfinished++, base.write(ops).finally(() => unfinished--)),
      remove: (id) => (unfinished++, base.remove(id).finally(() => unfinished--)),
    });
    const { store, unit, recorder, connect } = await setup(counting);
    connect();
    // Reset before a sample: the empty session is written, then removed.
    void recorder.reset({ unit, device: FAKE_DEVICE });
    unit.emitSamples(repSamples(100_000, 80));
    await recorder.settled();
    expect(unfinished).toBe(0);
    expect(recorder.unsaved()).toBeNull();
    expect(await store.session('s1')).toBeUndefined();
    expect(Array.from((await loadSession(store, 's2')).samples.timeUs)).toEqual(repSamples(100_000, 80).timeUs);
    // Samples still in the buffer are written too.
    unit.emitSamples(repSamples(200_000, 70));
    await recorder.settled();
    expect(recorder.unsaved()).toBeNull();
  });

  it('holds samples that arrive before the connect sequence has finished, and journals them first', async () => {
    const { store, session, unit, recorder } = await setup();
    session.attach(unit, { continueSession: recorder.connecting() });
    unit.emitSamples(repSamples(0, 90));
    recorder.connected({ unit, device: FAKE_DEVICE });
    unit.emitSamples(repSamples(100_000, 80));
    await recorder.end();
    expect((await loadSession(store, 's1')).samples.timeUs).toHaveLength(8);
  });

  it('journals the gap of a link drop before the samples that close it', async () => {
    const { store, session, unit, recorder, connect } = await setup();
    connect();
    unit.emitSamples(repSamples(0, 90));
    session.interrupt();
    unit.emitSamples(repSamples(3_000_000, 80));
    await recorder.end();
    const loaded = await loadSession(store, 's1');
    expect(loaded.gaps).toEqual([{ fromUs: 20_000, toUs: 3_005_000 }]);
    expect(loaded.samples.timeUs).toHaveLength(8);
  });

  it('removes a session that never received a sample instead of listing it', async () => {
    const { store, recorder, connect } = await setup();
    connect();
    await recorder.end();
    expect(await store.sessions()).toEqual([]);
  });

  it('on Reset finishes the session and begins the next one with the unit at hand', async () => {
    const { store, session, unit, recorder, connect } = await setup();
    connect();
    unit.emitSamples(repSamples(0, 90));
    const ending = recorder.reset({ unit, device: FAKE_DEVICE });
    session.reset();
    unit.emitSamples(repSamples(500_000, 70));
    await ending;
    await recorder.end();
    const sessions = await store.sessions();
    expect(sessions.map((s) => [s.id, s.finishedAt !== null])).toEqual([
      ['s1', true],
      ['s2', true],
    ]);
    expect(Array.from((await loadSession(store, 's2')).samples.timeUs)).toEqual(repSamples(500_000, 70).timeUs);
  });

  it('stores a settings change made mid-session', async () => {
    const { store, unit, recorder, connect, plates } = await setup();
    connect();
    unit.emitSamples(repSamples(0, 90));
    plates.value = [1, 1, 0, 0, 0];
    recorder.settingsChanged();
    await recorder.end();
    expect((await loadSession(store, 's1')).meta.plates).toEqual([1, 1, 0, 0, 0]);
  });

  it('carries a recovered session on over the next connection, journaling into the same session', async () => {
    const first = await setup();
    first.connect();
    first.unit.emitSamples(repSamples(0, 90));
    await first.recorder.flush();
    // The page reloads: a new live session and recorder over the same database.
    const second = await setup(first.store);
    const loaded = await loadSession(second.store, 's1');
    second.session.restore(loaded.samples, loaded.gaps);
    second.recorder.resume(loaded);
    second.connect();
    second.unit.emitSamples(repSamples(0, 70));
    await second.recorder.end();
    const after = await loadSession(second.store, 's1');
    expect(after.samples.timeUs).toHaveLength(8);
    // The new connection's clock restarted: its samples follow the recording 1 s after it.
    expect(after.gaps).toEqual([{ fromUs: 20_000, toUs: 1_020_000 }]);
    expect(after.meta.finishedAt).not.toBeNull();
    expect(await second.store.sessions()).toHaveLength(1);
  });

  it('reports a full disk once, keeps recording in memory, and says when writes succeed again', async () => {
    const store = fillableStore(await freshStore());
    const { unit, recorder, connect, notices } = await setup(store);
    connect();
    await recorder.flush();
    store.full = true;
    unit.emitSamples(repSamples(0, 90));
    await recorder.flush();
    unit.emitSamples(repSamples(100_000, 80));
    await recorder.flush();
    expect(notices).toEqual(['error: Storage is full: recording continues in memory only; export the session to keep it']);
    store.full = false;
    await recorder.end();
    expect(notices.at(-1)).toBe('restored');
    expect((await loadSession(store, 's1')).samples.timeUs).toHaveLength(8);
  });

  it('bounds what a long storage failure holds, says how long storage failed, and the screen keeps every sample', async () => {
    const store = fillableStore(await freshStore());
    const { unit, session, recorder, connect, notices } = await setup(store, 1000);
    connect();
    await recorder.flush();
    store.full = true;
    // 40 s at 100 Hz, one notification per 10 ms sample; the first write fails after 1 s.
    const emit = (from: number, to: number) => {
      for (let i = from; i < to; i++) unit.emitSamples({ timeUs: [i * 10_000], angleDeg: [i % 360] });
    };
    emit(0, 100);
    await recorder.flush();
    emit(100, 4000);
    await recorder.flush();
    expect(notices.filter((n) => n.startsWith('full: '))).toEqual([
      'full: Storage has failed for 10 s, so this session is no longer being kept on this device: everything from now on is in memory only. Export the session to keep it',
    ]);
    const tail = recorder.unsaved()!;
    expect(tail.timeUs).toHaveLength(1000);
    expect(tail.timeUs[0]).toBe(0);
    expect(session.raw().timeUs).toHaveLength(4000);
    store.full = false;
    await recorder.end();
    expect((await loadSession(store, 's1')).samples.timeUs).toHaveLength(1000);
  });

  it('refuses to recover a session while another is being recorded', async () => {
    const { recorder, connect, store } = await setup();
    connect();
    const loaded = { meta: { id: 'x', finishedAt: null } , samples: { timeUs: new Float64Array(), angleDeg: new Float64Array() }, gaps: [], chunks: 0 };
    expect(() => recorder.resume(loaded as never)).toThrow('A session is already being recorded: finish it before recovering another');
    await recorder.end();
    expect(await store.sessions()).toEqual([]);
  });
});
