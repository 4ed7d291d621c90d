import { describe, expect, it } from 'vitest';
import type { Rep } from '../engine/types';
import { makeRep } from './fixtures';
import { athleteRanges, changeTag, checkNote, firstTags, taggedSets, withNote, type TagSpan } from './setTags';

/** A rep moving from `startS` for 2 s with concentric velocity `v`. */
function repAt(index: number, startS: number, v: number): Rep {
  return { ...makeRep(index, v, v / 2), startUs: startS * 1e6, endUs: (startS + 2) * 1e6 };
}

const ANA_SQUAT = { athleteId: 'ana', exerciseId: 'builtin:squat' };
const BEA_SQUAT = { athleteId: 'bea', exerciseId: 'builtin:squat' };
const ANA_ROW = { athleteId: 'ana', exerciseId: 'builtin:bent-over-row' };
const rules = { restS: 20, warmup: 1, metric: 'velocity' as const, phase: 'concentric' as const };

describe('tag spans', () => {
  it('start a new span at a change after a rep has started, and correct the span in force before one has', () => {
    const start = firstTags(ANA_SQUAT);
    expect(changeTag(start, BEA_SQUAT, null, false)).toEqual(firstTags(BEA_SQUAT));
    expect(changeTag(start, BEA_SQUAT, 9e6, false)).toEqual(firstTags(BEA_SQUAT));
    const two = changeTag(start, BEA_SQUAT, 9e6, true);
    expect(two).toEqual([...start, { fromUs: 9e6, ...BEA_SQUAT }]);
    // Back to Ana before Bea pulled: Bea's span goes, one span again.
    expect(changeTag(two, ANA_SQUAT, 10e6, false)).toEqual(start);
    expect(changeTag(two, BEA_SQUAT, 10e6, true)).toEqual(two);
  });
});

describe("an athlete's stretches of a session", () => {
  it('join their spans that follow each other and end where someone else’s begins', () => {
    const tags: TagSpan[] = [{ fromUs: Number.NEGATIVE_INFINITY, ...ANA_SQUAT }, { fromUs: 8e6, ...ANA_ROW }, { fromUs: 17e6, ...BEA_SQUAT }, { fromUs: 30e6, ...ANA_SQUAT }];
    expect(athleteRanges(tags, 'ana')).toEqual([{ fromUs: Number.NEGATIVE_INFINITY, toUs: 17e6 }, { fromUs: 30e6, toUs: Number.POSITIVE_INFINITY }]);
    expect(athleteRanges(tags, 'bea')).toEqual([{ fromUs: 17e6, toUs: 30e6 }]);
    expect(athleteRanges(tags, 'cy')).toEqual([]);
  });
});

describe('tagged sets', () => {
  // Ana: reps at 0, 3, 6 s; Bea after the switch at 8 s: 9, 12, 15 s (no rest is longer than 20 s);
  // Ana again at 17.5 s, now rowing: 18, 21 s.
  const reps = [repAt(0, 0, 1.0), repAt(1, 3, 1.2), repAt(2, 6, 0.9), repAt(3, 9, 0.7), repAt(4, 12, 0.8), repAt(5, 15, 0.6), repAt(6, 18, 0.5), repAt(7, 21, 0.4)];
  const tags: TagSpan[] = [{ fromUs: Number.NEGATIVE_INFINITY, ...ANA_SQUAT }, { fromUs: 8e6, ...BEA_SQUAT }, { fromUs: 17.5e6, ...ANA_ROW }];
  const loads = [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }];

  it('are cut at each change of athlete or exercise, each naming its athlete, exercise and load', () => {
    const sets = taggedSets(reps, { ...rules, tags, loads });
    expect(sets.map((s) => [s.athleteId, s.exerciseId, s.reps.map((r) => r.index)])).toEqual([
      ['ana', 'builtin:squat', [0, 1, 2]],
      ['bea', 'builtin:squat', [3, 4, 5]],
      ['ana', 'builtin:bent-over-row', [6, 7]],
    ]);
    expect(sets.map((s) => s.load)).toEqual([{ inertia: 0.05, boost: 0 }, { inertia: 0.05, boost: 0 }, { inertia: 0.05, boost: 0 }]);
  });

  it('each have their own warmup and figures: Bea’s set counts 0.8 and 0.6 after her warmup rep, best 0.8, loss 25 %', () => {
    const bea = taggedSets(reps, { ...rules, tags, loads })[1]!;
    expect(bea.summary).toMatchObject({ reps: 3, counted: 2, best: 0.8 });
    expect(bea.summary.velocityLoss).toBeCloseTo(25, 10);
    expect(bea.summary.mean).toBeCloseTo(0.7, 12);
    expect([bea.startUs, bea.endUs]).toEqual([9e6, 17e6]);
  });

  it('carry the RPE and note given after them; a later note for the same set replaces the earlier', () => {
    const starts = taggedSets(reps, { ...rules, tags }).map((s) => s.startUs);
    let notes = withNote([], { atUs: 17e6, rpe: 7, note: 'grinding' }, starts);
    notes = withNote(notes, { atUs: 8.5e6, rpe: 8, note: '' }, starts);
    notes = withNote(notes, { atUs: 17.2e6, rpe: 9, note: 'last rep slow' }, starts);
    expect(notes).toHaveLength(2);
    const sets = taggedSets(reps, { ...rules, tags, notes });
    expect(sets.map((s) => [s.rpe, s.note])).toEqual([[8, ''], [9, 'last rep slow'], [null, '']]);
  });

  it('refuse an RPE outside 1–10 or a fraction of one, and an overlong note', () => {
    expect(() => checkNote({ atUs: 0, rpe: 11, note: '' })).toThrow(/RPE must be a whole number from 1 to 10/);
    expect(() => checkNote({ atUs: 0, rpe: 6.5, note: '' })).toThrow(/RPE/);
    expect(() => checkNote({ atUs: 0, rpe: null, note: 'x'.repeat(501) })).toThrow(/at most 500/);
    expect(checkNote({ atUs: 0, rpe: 10, note: '' }).rpe).toBe(10);
  });
});
