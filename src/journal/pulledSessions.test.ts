/**
 * Sessions pulled from the team server (docs/sync.md §6, §7, §9) as the journal's history reads
 * them: one that came without its samples keeps the sets its device recorded (no empty sets are
 * made for it here, which would win over them), and an athlete's copy cut down to them lists no
 * other athlete ("other", the server's name for the others' stretches) nor the others' exercise,
 * and opens with the stretches left out of it read as gaps.
 */
import { describe, expect, it } from 'vitest';
import { chunk, session } from '../../server/test/fixtures';
import { OTHER_ATHLETES_ID } from '../rules/athletes';
import { UNSPECIFIED_EXERCISE_ID } from '../rules/exercises';
import { listHistory, loadSession } from './archive';
import { createSessionHistory } from './sessionHistory';
import { freshStore } from './testKit';

describe('a session pulled from the team server', () => {
  it('without samples or sets is left as it came by the backfill of sets', async () => {
    const store = await freshStore();
    const { sets: _sets, ...pulled } = session('elsewhere', [{ athleteId: 'ana', fromUs: 0, velocities: [0.8, 0.7] }]);
    await store.merge([{ kind: 'session', record: pulled }], { from: 'server' });
    const mark = await store.lastChange();
    const errors: string[] = [];
    const history = createSessionHistory({ journal: { store: () => store }, recordingId: () => null, summaryNow: () => ({ reps: 0, best: null }), onError: (m) => errors.push(m) });
    await history.backfill();
    expect((await store.session('elsewhere'))!.sets).toBeUndefined();
    expect(await store.changesWaiting(mark)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('cut down to one athlete names only them in the History', async () => {
    const store = await freshStore();
    const record = session('cut', [
      { athleteId: 'ana', fromUs: 0, velocities: [0.8] },
      { athleteId: 'ben', fromUs: 2_000_000, velocities: [0.6] },
    ]);
    const tags = record.settings.tags!.map((t) => (t.athleteId === 'ben' ? { fromUs: t.fromUs, athleteId: OTHER_ATHLETES_ID, exerciseId: UNSPECIFIED_EXERCISE_ID } : t));
    await store.merge([{ kind: 'session', record: { ...record, settings: { ...record.settings, tags }, sets: record.sets!.filter((s) => s.athleteId === 'ana') } }], { from: 'server' });
    const [entry] = await listHistory(store);
    expect(entry).toMatchObject({ athleteIds: ['ana'], exerciseIds: ['builtin:squat'] });
  });

  it('cut down to one athlete opens with a gap over each stretch left out; a whole one with a chunk missing is refused', async () => {
    const store = await freshStore();
    const record = session('cut', [
      { athleteId: 'ana', fromUs: 0, velocities: [0.8] },
      { athleteId: OTHER_ATHLETES_ID, fromUs: 1_000_000, velocities: [] },
      { athleteId: 'ana', fromUs: 2_000_000, velocities: [0.7] },
    ]);
    await store.merge([{ kind: 'session', record: { ...record, sets: record.sets!.filter((s) => s.athleteId === 'ana') } }, { kind: 'chunk', record: chunk('cut', 0) }, { kind: 'chunk', record: chunk('cut', 2) }], { from: 'server' });
    const loaded = await loadSession(store, 'cut');
    expect(loaded.samples.timeUs.length).toBe(400);
    expect(loaded.gaps).toEqual([{ fromUs: 995_000, toUs: 2_000_000 }]);

    await store.write([{ kind: 'session', record: session('here', [{ athleteId: 'ana', fromUs: 0, velocities: [0.8] }]) }, { kind: 'chunk', record: chunk('here', 0) }, { kind: 'chunk', record: chunk('here', 2) }]);
    await expect(loadSession(store, 'here')).rejects.toThrow('session here: chunk 1 is missing from the journal (found 2 in its place)');
  });
});
