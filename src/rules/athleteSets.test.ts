import { describe, expect, it } from 'vitest';
import type { Rep } from '../engine/types';
import { athleteRecords, athleteSets, athletesIn, isOwned, setName } from './athleteSets';
import { makeRep } from './fixtures';
import { NOBODY } from './setOver';
import { setRecords } from './setRecords';
import type { SetNote, TagSpan } from './setTags';

/** A rep moving from `startS` for 2 s with concentric velocity `v`. */
const repAt = (index: number, startS: number, v: number): Rep => ({ ...makeRep(index, v, v / 2), startUs: startS * 1e6, endUs: (startS + 2) * 1e6 });
const SQUAT = 'builtin:squat';
const ROW = 'builtin:bent-over-row';
const rules = { restS: 20, warmup: 1, metric: 'velocity' as const, phase: 'concentric' as const };

// Ana squats (0, 3, 6 s), Ben rows (9, 12 s), Ana pulls on after her goal (15 s: nobody's), Ben's
// second set (20, 23 s), Ana's second (30, 33 s).
const reps = [0, 3, 6, 9, 12, 15, 20, 23, 30, 33].map((t, i) => repAt(i, t, 1 - i / 20));
const tags: TagSpan[] = [
  { fromUs: Number.NEGATIVE_INFINITY, athleteId: 'ana', exerciseId: SQUAT },
  { fromUs: 8.5e6, athleteId: 'ben', exerciseId: ROW },
  { fromUs: 14.5e6, athleteId: NOBODY, exerciseId: ROW },
  { fromUs: 19e6, athleteId: 'ben', exerciseId: ROW },
  { fromUs: 29e6, athleteId: 'ana', exerciseId: SQUAT },
];
const notes: SetNote[] = [
  { atUs: 0, rpe: 5, note: 'Ana first' },
  { atUs: 9e6, rpe: 7, note: 'Ben: good posture' },
  { atUs: 20e6, rpe: 8, note: 'Ben set 2: tired' },
  { atUs: 30e6, rpe: 6, note: '' },
];

describe("the athlete's set, the unit every view reads", () => {
  it('numbers each athlete’s sets from 1 and leaves nobody’s reps out of every set', () => {
    const sets = athleteSets(reps, { ...rules, tags, notes });
    expect(sets.map((s) => [s.athleteId, s.number, s.reps.map((r) => r.startUs / 1e6)])).toEqual([
      ['ana', 1, [0, 3, 6]],
      ['ben', 1, [9, 12]],
      ['ben', 2, [20, 23]],
      ['ana', 2, [30, 33]],
    ]);
    expect(setName('Ben', sets[1]!)).toBe('Ben, set 1');
  });

  it('resolves the RPE and notes over the whole session before cutting it to one athlete (issue 31, point 1)', () => {
    const ana = athleteSets(reps, { ...rules, tags, notes }, { athleteId: 'ana' });
    expect(ana.map((s) => [s.number, s.rpe, s.note])).toEqual([[1, 5, 'Ana first'], [2, 6, '']]);
    // Cutting the reps first is the bug: Ben's rating lands on Ana's set before it.
    const anasReps = reps.filter((r) => [0, 3, 6, 30, 33].includes(r.startUs / 1e6));
    expect(athleteSets(anasReps, { ...rules, tags, notes }, { athleteId: 'ana' })[0]!.rpe).not.toBe(5);
  });

  it('filters by exercise as well as by athlete', () => {
    expect(athleteSets(reps, { ...rules, tags }, { athleteId: 'ana', exerciseId: ROW })).toEqual([]);
    expect(athleteSets(reps, { ...rules, tags }, { exerciseId: ROW }).map((s) => [s.athleteId, s.number])).toEqual([['ben', 1], ['ben', 2]]);
  });

  it('counts the sets of an athlete taken out of the session as no one’s', () => {
    const removed = { ben: '2026-01-01T00:00:00.000Z|0|dev' };
    expect(isOwned('ben', removed)).toBe(false);
    expect(isOwned('ana', removed)).toBe(true);
    expect(isOwned(NOBODY)).toBe(false);
    expect(athleteSets(reps, { ...rules, tags, notes, removed }).map((s) => [s.athleteId, s.number, s.rpe])).toEqual([['ana', 1, 5], ['ana', 2, 6]]);
    expect(athletesIn(setRecords(reps, { ...rules, tags, loads: [], radius: 0.014 }), removed)).toEqual(['ana']);
  });

  it('reads a finished session’s records alike: no record of nobody’s reps, each athlete’s numbered', () => {
    const records = setRecords(reps, { ...rules, tags, notes, loads: [], radius: 0.014 });
    expect(records.map((r) => r.athleteId)).toEqual(['ana', 'ben', 'ben', 'ana']);
    expect(athleteRecords(records, undefined, { athleteId: 'ben' }).map((r) => [r.number, r.startUs / 1e6, r.counted])).toEqual([[1, 9, 1], [2, 20, 1]]);
    expect(athletesIn(records)).toEqual(['ana', 'ben']);
  });
});
