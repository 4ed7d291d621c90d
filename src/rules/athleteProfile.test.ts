import { describe, expect, it } from 'vitest';
import type { Rep } from '../engine/types';
import { athleteExercisePoints, recordPoints, type ProfileSession } from './athleteProfile';
import { setRecords } from './setRecords';
import { makeRep } from './fixtures';

/** A rep from `startS` for 2 s with concentric velocity `v` and concentric acceleration `a`. */
function repAt(index: number, startS: number, v: number, a: number): Rep {
  const rep = makeRep(index, v, v / 2);
  return { ...rep, concentric: { ...rep.concentric, acceleration: a }, startUs: startS * 1e6, endUs: (startS + 2) * 1e6 };
}

const SQUAT = 'builtin:squat';
const ROW = 'builtin:bent-over-row';

/** Ana squats at 0.05 (reps at 0, 3, 6 s), Bea squats (9, 12, 15 s), Ana rows (18, 21 s) at 0.1 kg·m². */
const session: ProfileSession = {
  label: '2 Jun',
  reps: [repAt(0, 0, 1, 3), repAt(1, 3, 1.2, 4), repAt(2, 6, 1.0, 2), repAt(3, 9, 0.7, 1), repAt(4, 12, 0.8, 1), repAt(5, 15, 0.6, 1), repAt(6, 18, 0.5, 0.9), repAt(7, 21, 0.3, 0.7)],
  restS: 20,
  warmup: 1,
  loads: [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }, { fromUs: 17.5e6, inertia: 0.1, boost: 0 }],
  tags: [{ fromUs: Number.NEGATIVE_INFINITY, athleteId: 'ana', exerciseId: SQUAT }, { fromUs: 8e6, athleteId: 'bea', exerciseId: SQUAT }, { fromUs: 17.5e6, athleteId: 'ana', exerciseId: ROW }],
  // The squat computed on the unit's 0.014 m rope, the row on a 0.02 m cone.
  radiusOf: (exercise) => (exercise === SQUAT ? 0.014 : 0.02),
};

describe('a profile of one athlete doing one exercise', () => {
  it('takes only that athlete’s sets of that exercise: Ana’s squats are one point, 1.1 m/s and (4 + 2) / 2 / (2 × 0.014) rad/s²', () => {
    const points = athleteExercisePoints([session], 'ana', SQUAT);
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({ inertia: 0.05, label: '2 Jun · set 1', reps: 2 });
    expect(points[0]!.velocity).toBeCloseTo(1.1, 12);
    expect(points[0]!.angularAcceleration).toBeCloseTo(3 / 0.028, 9);
  });

  it('gives Ana’s rows their own point, at their inertia and with the radius they were computed with', () => {
    const [row] = athleteExercisePoints([session], 'ana', ROW);
    expect(row).toMatchObject({ inertia: 0.1, velocity: 0.3, label: '2 Jun · set 3', reps: 1 });
    expect(row!.angularAcceleration).toBeCloseTo(0.7 / 0.04, 12);
  });

  it('gives Bea her squats and nobody else’s, across sessions', () => {
    const later = { ...session, label: '4 Jun' };
    expect(athleteExercisePoints([session, later], 'bea', SQUAT).map((p) => [p.label, p.velocity])).toEqual([['2 Jun · set 2', 0.7], ['4 Jun · set 2', 0.7]]);
    expect(athleteExercisePoints([session], 'bea', ROW)).toEqual([]);
  });
});

describe('a profile from the sets’ records a session keeps', () => {
  it('gives the very points of reprocessing the session', () => {
    const tags = session.tags.map((t) => ({ ...t, radius: session.radiusOf(t.exerciseId) }));
    const sets = setRecords(session.reps, { restS: session.restS, loads: session.loads, tags, warmup: session.warmup, radius: 0.014 });
    for (const [athlete, exercise] of [['ana', SQUAT], ['ana', ROW], ['bea', SQUAT]] as const) {
      expect(recordPoints([{ label: '2 Jun', sets }], athlete, exercise)).toEqual(athleteExercisePoints([session], athlete, exercise));
    }
    expect(recordPoints([{ label: '2 Jun', sets }], 'cy', SQUAT)).toEqual([]);
  });
});
