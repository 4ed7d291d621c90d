import { describe, expect, it } from 'vitest';
import type { Rep } from '../engine/types';
import { recordPoints } from './athleteProfile';
import { makeRep } from './fixtures';
import { setRecords } from './setRecords';
import type { TagSpan } from './setTags';

/** A rep from `startS` for 2 s with concentric velocity `v` and concentric acceleration `a`. */
function repAt(index: number, startS: number, v: number, a: number): Rep {
  const rep = makeRep(index, v, v / 2);
  return { ...rep, concentric: { ...rep.concentric, acceleration: a }, startUs: startS * 1e6, endUs: (startS + 2) * 1e6 };
}

const SQUAT = 'builtin:squat';
const ROW = 'builtin:bent-over-row';

/** Ana squats at 0.05 (reps at 0, 3, 6 s), Bea squats (9, 12, 15 s), Ana rows (18, 21 s) at 0.1 kg·m². */
const reps = [repAt(0, 0, 1, 3), repAt(1, 3, 1.2, 4), repAt(2, 6, 1.0, 2), repAt(3, 9, 0.7, 1), repAt(4, 12, 0.8, 1), repAt(5, 15, 0.6, 1), repAt(6, 18, 0.5, 0.9), repAt(7, 21, 0.3, 0.7)];
const loads = [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }, { fromUs: 17.5e6, inertia: 0.1, boost: 0 }];
// The squat computed on the unit's 0.014 m rope, the row on a 0.02 m cone.
const tags: TagSpan[] = [
  { fromUs: Number.NEGATIVE_INFINITY, athleteId: 'ana', exerciseId: SQUAT, radius: 0.014 },
  { fromUs: 8e6, athleteId: 'bea', exerciseId: SQUAT, radius: 0.014 },
  { fromUs: 17.5e6, athleteId: 'ana', exerciseId: ROW, radius: 0.02 },
];
const session = { label: '2 Jun', sets: setRecords(reps, { restS: 20, warmup: 1, loads, tags, radius: 0.014 }) };

describe('a profile of one athlete doing one exercise, from the sets’ records', () => {
  it('takes only that athlete’s sets of that exercise: Ana’s squats are one point, 1.1 m/s and (4 + 2) / 2 / (2 × 0.014) rad/s²', () => {
    const points = recordPoints([session], 'ana', SQUAT);
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({ inertia: 0.05, label: '2 Jun · set 1', reps: 2 });
    expect(points[0]!.velocity).toBeCloseTo(1.1, 12);
    expect(points[0]!.angularAcceleration).toBeCloseTo(3 / 0.028, 9);
  });

  it('gives Ana’s rows their own point, at their inertia and with the radius they were computed with', () => {
    const [row] = recordPoints([session], 'ana', ROW);
    // Her second set of the session (the third of the session, Bea's between them).
    expect(row).toMatchObject({ inertia: 0.1, velocity: 0.3, label: '2 Jun · set 2', reps: 1 });
    expect(row!.angularAcceleration).toBeCloseTo(0.7 / 0.04, 12);
  });

  it('gives Bea her squats and nobody else’s, across sessions', () => {
    const later = { ...session, label: '4 Jun' };
    expect(recordPoints([session, later], 'bea', SQUAT).map((p) => [p.label, p.velocity])).toEqual([['2 Jun · set 1', 0.7], ['4 Jun · set 1', 0.7]]);
    // Taken out of the later session: its sets are no one's.
    expect(recordPoints([session, { ...later, removed: { bea: 'stamp' } }], 'bea', SQUAT).map((p) => p.label)).toEqual(['2 Jun · set 1']);
    expect(recordPoints([session], 'bea', ROW)).toEqual([]);
    expect(recordPoints([session], 'cy', SQUAT)).toEqual([]);
  });
});
