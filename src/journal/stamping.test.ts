/**
 * Edits stamped at their source, through the real journal (fake-indexeddb): an athlete saved
 * whole gets the edit's stamp only on the fields it changed; a rating stamps only the fields it
 * changed and keeps the older entries; a session's registers are stamped as the recorder writes
 * them; an athlete taken out of a session and a deletion carry their stamps; the clock observes
 * what comes in; and every change is numbered for a sync, a pull not pushed back.
 */
import { describe, expect, it } from 'vitest';
import { createAthlete } from '../rules/athletes';
import { notesBySet } from '../rules/setTags';
import { createEditClock, makeStamp, parseStamp } from '../log/stamp';
import { listHistory } from './archive';
import { SessionJournal } from './sessionJournal';
import { FIRST_ATHLETE_ID, freshStore, manualTimer, START } from './testKit';
import { createSessionHistory } from './sessionHistory';
import type { SetRecord } from '../rules/setRecords';

function testClock(start = 1_000) {
  let wall = start;
  const clock = createEditClock({ node: 'here', now: () => wall });
  return { clock, tick: (ms = 1) => void (wall += ms) };
}

const set = (athleteId: string, startUs: number, counted: number): SetRecord => ({ athleteId, exerciseId: 'builtin:squat', startUs, endUs: startUs + 9e6, inertia: 0.05, boost: 0, warmup: 1, reps: counted + 1, counted, velocities: Array(counted).fill(1), velocityLoss: 0, angularAcceleration: 0, figures: { 'velocity.concentric': { best: 1, mean: 1 } }, work: 1, overload: 1 });

/** A finished coach's session of Ana (sets at 1 s and 30 s) and Ben (at 15 s), with samples. */
async function coachSession(store: Awaited<ReturnType<typeof freshStore>>) {
  const journal = new SessionJournal({ store, every: manualTimer().every, newId: () => 's1', now: () => 5_000 });
  journal.start({ ...START, settings: { ...START.settings, tags: [{ fromUs: Number.NEGATIVE_INFINITY, athleteId: 'ana', exerciseId: 'builtin:squat' }, { fromUs: 14e6, athleteId: 'ben', exerciseId: 'builtin:squat' }, { fromUs: 29e6, athleteId: 'ana', exerciseId: 'builtin:squat' }] } });
  journal.append([1e6, 2e6], [0, 1]);
  await journal.finish({ reps: 9, best: { value: 1, metric: 'velocity', phase: 'concentric' } }, [set('ana', 1e6, 4), set('ben', 15e6, 3), set('ana', 30e6, 2)]);
}

describe('edits stamped at their source', () => {
  it('an athlete saved whole: only the fields that changed get the edit’s stamp', async () => {
    const { clock, tick } = testClock();
    const store = await freshStore(clock);
    const ana = createAthlete({ name: 'Ana', bodyMass: 70 }, { id: 'ana', now: 1 });
    await store.write([{ kind: 'athlete', record: ana }]);
    const made = (await store.athletes()).find((a) => a.id === 'ana')!.stamps!;
    tick();
    await store.write([{ kind: 'athlete', record: { ...ana, name: 'Ana B.', settings: { ...ana.settings, repGoal: 5 } } }]);
    const renamed = (await store.athletes()).find((a) => a.id === 'ana')!.stamps!;
    expect(renamed.name! > made.name!).toBe(true);
    expect(renamed['settings.repGoal']! > made['settings.repGoal']!).toBe(true);
    expect(renamed.bodyMass).toBe(made.bodyMass);
    expect(renamed['settings.warmup']).toBe(made['settings.warmup']);
  });

  it('a rating stamps only what it changed and keeps the older entries, so another device’s note for that set survives a merge', async () => {
    const { clock, tick } = testClock();
    const store = await freshStore(clock);
    await coachSession(store);
    const starts = [1e6, 15e6, 30e6];
    await store.write([{ kind: 'rate', sessionId: 's1', note: { atUs: 15e6, rpe: 7, note: '' }, setStarts: starts }]);
    tick();
    await store.write([{ kind: 'rate', sessionId: 's1', note: { atUs: 15e6, rpe: 7, note: 'tired' }, setStarts: starts }]);
    const [entry] = (await store.session('s1'))!.notes!;
    expect(entry!.stamps!.rpe! < entry!.stamps!.note!).toBe(true);
    expect(notesBySet([entry!], starts).get(1)).toEqual({ rpe: 7, note: 'tired' });
    // Rating it again the same way changes nothing.
    const before = await store.session('s1');
    await store.write([{ kind: 'rate', sessionId: 's1', note: { atUs: 15e6, rpe: 7, note: 'tired' }, setStarts: starts }]);
    expect(await store.session('s1')).toEqual(before);
  });

  it('a session’s registers are stamped as the recorder writes them: recording at every write, tags when they change, sets at the finish', async () => {
    const { clock, tick } = testClock();
    const store = await freshStore(clock);
    const journal = new SessionJournal({ store, every: manualTimer().every, newId: () => 's2', now: () => 5_000 });
    journal.start(START);
    await journal.flush();
    const first = (await store.session('s2'))!.stamps!;
    tick();
    await journal.updateSettings({ ...START.settings, engine: { ...START.settings.engine, inertia: 0.05 } }, [0, 1, 0, 0, 0]);
    const second = (await store.session('s2'))!.stamps!;
    expect([second.recording! > first.recording!, second.tags === first.tags, second.sets === first.sets]).toEqual([true, true, true]);
  });

  it('observes the stamps a merge brings, so the next edit here comes after them', async () => {
    const { clock } = testClock(1_000);
    const store = await freshStore(clock);
    const far = makeStamp({ ms: 9_000_000, count: 2 }, 'tablet');
    const ben = { ...createAthlete({ name: 'Ben', bodyMass: 85 }, { id: 'ben', now: 1 }), stamps: { name: far } };
    await store.merge([{ kind: 'athlete', record: ben }], { from: 'file' });
    await store.write([{ kind: 'athlete', record: { ...ben, name: 'Benjamin' } }]);
    const name = (await store.athletes()).find((a) => a.id === 'ben')!.stamps!.name!;
    expect(name > far && parseStamp(name).node === 'here').toBe(true);
  });
});

describe('taking an athlete’s sets out of a session, and deleting one', () => {
  const history = (store: Awaited<ReturnType<typeof freshStore>>) =>
    createSessionHistory({ journal: { store: () => store }, recordingId: () => null, summaryNow: () => ({ reps: 0, best: null }), onError: () => {} });

  it('keeps the session and its samples for the others, names the athlete taken out, and the History leaves their sets out', async () => {
    const store = await freshStore(testClock().clock);
    await coachSession(store);
    expect(await history(store).removeAthlete('s1', 'ben')).toEqual({ deletedSession: false });
    const kept = (await store.session('s1'))!;
    expect(Object.keys(kept.removedAthletes!)).toEqual(['ben']);
    expect(await store.chunkCount('s1')).toBe(2);
    const [entry] = await listHistory(store);
    expect([entry!.athleteIds, entry!.sets!.map((s) => s.athleteId), entry!.reps]).toEqual([['ana'], ['ana', 'ana'], 6]);
  });

  it('deletes the session when no one else keeps a counted set in it, and the deletion stays', async () => {
    const store = await freshStore(testClock().clock);
    await coachSession(store);
    await history(store).removeAthlete('s1', 'ben');
    expect(await history(store).removeAthlete('s1', 'ana')).toEqual({ deletedSession: true });
    expect([await store.session('s1'), await store.chunkCount('s1')]).toEqual([undefined, 0]);
    expect((await store.tombstones()).map((t) => t.id)).toEqual(['s1']);
    // A later write of it (a late recorder write, a copy from elsewhere) does not bring it back.
    await store.write([{ kind: 'chunk', record: { sessionId: 's1', seq: 5, timeUs: new Float64Array(1), angleDeg: new Float64Array(1) } }]);
    expect(await store.chunkCount('s1')).toBe(0);
  });
});

describe('the change index a sync reads', () => {
  it('numbers every local edit, and a pull only where the merge left the device’s copy other than the server’s', async () => {
    const store = await freshStore(testClock().clock);
    const start = await store.lastChange();
    const ana = createAthlete({ name: 'Ana', bodyMass: 70 }, { id: 'ana', now: 1 });
    await store.write([{ kind: 'athlete', record: ana }]);
    const afterEdit = await store.changesAfter(start);
    expect(afterEdit.map((c) => [c.entry.kind, c.entry.kind === 'athlete' && c.entry.record.name])).toEqual([['athlete', 'Ana']]);
    const mark = await store.lastChange();

    // The server's copy of Ben, new here: merged, not to be pushed back.
    const ben = { ...createAthlete({ name: 'Ben', bodyMass: 85 }, { id: 'ben', now: 1 }), stamps: { name: makeStamp({ ms: 2, count: 0 }, 'tablet') } };
    await store.merge([{ kind: 'athlete', record: ben }], { from: 'server' });
    expect(await store.changesAfter(mark)).toEqual([]);
    // The same from a file: the server may lack it.
    await store.merge([{ kind: 'athlete', record: { ...ben, id: 'cy', name: 'Cy' } }], { from: 'file' });
    expect((await store.changesAfter(mark)).map((c) => c.entry.kind === 'athlete' && c.entry.record.id)).toEqual(['cy']);
    // The server's older copy of Ana: the merge keeps this device's edit, so Ana stays to push.
    const mark2 = await store.lastChange();
    await store.merge([{ kind: 'athlete', record: { ...ana, name: 'Old name', stamps: { name: makeStamp({ ms: 0, count: 0 }, 'tablet') } } }], { from: 'server' });
    expect((await store.changesAfter(mark2)).map((c) => c.entry.kind === 'athlete' && c.entry.record.name)).toEqual(['Ana']);
  });

  it('names a deleted session by its tombstone and a session whose samples grew once per write', async () => {
    const store = await freshStore(testClock().clock);
    await coachSession(store);
    const mark = await store.lastChange();
    await store.remove('s1');
    const changed = await store.changesAfter(mark);
    expect(changed.map((c) => c.entry)).toEqual([{ kind: 'session', record: expect.objectContaining({ id: 's1', deleted: expect.any(String) }) }, { kind: 'samples', sessionId: 's1' }]);
  });
});

it('gives the first athlete of a new journal stamps of no device: untouched until edited', async () => {
  const store = await freshStore();
  const [first] = await store.athletes();
  expect(first!.id).toBe(FIRST_ATHLETE_ID);
  expect(Object.values(first!.stamps!).every((s) => parseStamp(s).node === '')).toBe(true);
});

it('keeps a pull’s cursor in the transaction of the records it brought', async () => {
  const store = await freshStore(testClock().clock);
  await store.merge([{ kind: 'athlete', record: createAthlete({ name: 'Ben', bodyMass: 85 }, { id: 'ben', now: 1 }) }], { from: 'server', meta: { 'sync.cursor': '42' } });
  expect(await store.meta('sync.cursor')).toBe('42');
});

it('keeps today’s order stamped, and a later edit wins over an older copy merged in', async () => {
  const { clock, tick } = testClock(10_000);
  const store = await freshStore(clock);
  const order = { day: '2026-06-02', athleteIds: ['ana', 'ben'], current: 'ana' };
  await store.write([{ kind: 'order', order }]);
  const kept = (await store.order())!;
  tick();
  await store.merge([{ kind: 'order', record: { order: { ...order, current: 'ben' }, stamp: makeStamp({ ms: 9_000, count: 0 }, 'tablet'), modifiedAt: 9_000 } }], { from: 'server' });
  expect((await store.order())!.order).toEqual(order);
  expect((await store.order())!.stamp).toBe(kept.stamp);
});
