import { describe, expect, it } from 'vitest';
import type { Rep, Turn } from '../engine/types';
import { makeRep, phaseOf } from './fixtures';
import { CHANGEOVER_S, NOBODY, REST_BAND_DEG, ropeRested } from './setOver';
import { currentSet } from './setSplit';
import { changeTagSettings } from './setTags';

const repAt = (index: number, startS: number): Rep => ({ ...makeRep(index, 1, 0.5), startUs: startS * 1e6, endUs: (startS + 2) * 1e6 });
const turnAt = (index: number, startS: number): Turn => ({ index, count: index, start: 0, turn: 0, startUs: startS * 1e6, concentric: phaseOf(1) });
const ANA = { athleteId: 'ana', exerciseId: 'builtin:squat', mass: 52, radius: 0.014, warmup: 1 };
const BEN = { athleteId: 'ben', exerciseId: 'builtin:bent-over-row', mass: 0, radius: 0.014, warmup: 1 };
const OVER = { ...ANA, athleteId: NOBODY };

describe('after a set is over (issue 31, points 2 and 4)', () => {
  // Ana's set of four reps (0, 3, 6, 9 s) is done at 10 s; she pulls on at 12 s.
  const reps = [0, 3, 6, 9, 12].map((t, i) => repAt(i, t));
  const ana = changeTagSettings([], ANA, null, false);
  const over = changeTagSettings(ana, OVER, 10e6, true);

  it('the reps that follow are nobody’s, and the set on screen stays the finished one', () => {
    expect(over).toEqual([...ana, { ...OVER, fromUs: 10e6 }]);
    const shown = currentSet(reps, turnAt(5, 15), { restS: 20, tags: over });
    expect(shown.reps.map((r) => r.startUs / 1e6)).toEqual([0, 3, 6, 9]);
    expect(shown.turn).toBeNull();
    // Its last rep's turn still shows while it is under way.
    expect(currentSet(reps.slice(0, 3), turnAt(3, 9), { restS: 20, tags: over }).turn?.index).toBe(3);
  });

  it('the next athlete starts a set of their own, even before a rep of nobody’s', () => {
    const ben = changeTagSettings(over, BEN, 14e6, false);
    expect(ben).toEqual([...over, { ...BEN, fromUs: 14e6 }]);
    expect(currentSet(reps, null, { restS: 20, tags: ben })).toEqual({ reps: [], turn: null });
  });

  it('the athlete who just finished can be brought back, to a new set of theirs', () => {
    const ben = changeTagSettings(over, BEN, 14e6, false);
    const back = changeTagSettings(ben, ANA, 16e6, false);
    // Ben had not pulled: his span is corrected to Ana's, and stays apart from her done set.
    expect(back).toEqual([...over, { ...ANA, fromUs: 14e6 }]);
    expect(currentSet(reps, null, { restS: 20, tags: back })).toEqual({ reps: [], turn: null });
    // Brought back straight from nobody's span, too.
    expect(changeTagSettings(over, ANA, 16e6, false)).toEqual([...over, { ...ANA, fromUs: 16e6 }]);
  });
});

describe('the rope at rest', () => {
  const samples = (seconds: number, angle: (t: number) => number) => {
    const timeUs = Array.from({ length: seconds * 200 + 1 }, (_, i) => 5e6 + i * 5000);
    return { timeUs, angleDeg: timeUs.map((t) => angle((t - 5e6) / 1e6)) };
  };

  it(`is a rope within ${REST_BAND_DEG}° for ${CHANGEOVER_S} s`, () => {
    expect(ropeRested(samples(2, (t) => 700 + 2 * Math.sin(40 * t)))).toBe(true);
    // Still for 0.9 s only, after a pull.
    expect(ropeRested(samples(2, (t) => (t < 1.1 ? 700 - 300 * t : 370)))).toBe(false);
    // A slow drift of more than the band over the second.
    expect(ropeRested(samples(2, (t) => 700 - 12 * t))).toBe(false);
    expect(ropeRested(samples(0.5, () => 700))).toBe(false);
    expect(ropeRested({ timeUs: [], angleDeg: [] })).toBe(false);
  });
});
