import { describe, expect, it } from 'vitest';
import type { Turn } from '../engine/types';
import { makeRep, makeTurn, sampleRowReps } from './fixtures';
import { UNSET_BAND, withBand, type TargetBand } from './targetBands';
import { buildWorkoutView, type ViewSettings } from './workoutView';

const base: ViewSettings = {
  metric: 'velocity',
  phase: 'concentric',
  target: 'None',
  targets: {},
  warmup: 1,
  repGoal: null,
};

/** Settings whose chosen metric and phase have `band` (the parts not given unset). */
function shownBand(s: ViewSettings, band: Partial<TargetBand>): ViewSettings {
  return { ...s, targets: withBand(s.targets, s.metric, s.phase, { ...UNSET_BAND, ...band }) };
}

const turnAt = (index: number, concentric: number): Turn => makeTurn(index, concentric);

describe('buildWorkoutView on the documented sample rows', () => {
  it('numbers the first rep W and the rest from 1', () => {
    const view = buildWorkoutView(sampleRowReps(), base);
    expect(view.rows.map((r) => r.label)).toEqual(['W', '1', '2', '3', '4', '5', '6']);
    expect(view.counted).toBe(6);
  });

  it('with no target, every rep but the warmup is valid', () => {
    const view = buildWorkoutView(sampleRowReps(), base);
    expect(view.rows.map((r) => r.valid)).toEqual([false, true, true, true, true, true, true]);
    expect(view.drop).toBeNull();
  });

  it('with a 0.9 threshold, the 0.86 rep is the only counted rep that fails', () => {
    const view = buildWorkoutView(sampleRowReps(), shownBand({ ...base, target: 'Threshold' }, { targetValue: 0.9 }));
    expect(view.rows.map((r) => r.valid)).toEqual([false, true, true, true, true, true, false]);
    expect(view.rows[6].percentChange).toBeCloseTo(((0.86 - 0.9) / 0.9) * 100, 10);
  });

  it('a 10 % Fatigue set aims at the best concentric rep (1.00) and ends below 0.90', () => {
    const view = buildWorkoutView(sampleRowReps(), shownBand({ ...base, target: 'Fatigue' }, { dropValue: 10 }));
    expect(view.target).toBe(1);
    expect(view.drop).toBeCloseTo(0.9, 10);
    expect(view.rows.map((r) => r.valid)).toEqual([false, true, true, true, true, true, false]);
    expect(view.rows.map((r) => r.percentChange)).toEqual(
      [-20, 0, -2, -4, -6, -10, -14].map((p) => expect.closeTo(p, 10)),
    );
    expect(view.setComplete).toBe(true);
    expect(view.best).toEqual({ count: 1, value: 1 });
    expect(view.bestChange).toBeCloseTo(-14, 10);
  });

  it('a 5 % Fatigue set on the eccentric phase aims at 0.99 and keeps reps down to 0.9405', () => {
    const view = buildWorkoutView(sampleRowReps(), shownBand({ ...base, phase: 'eccentric', target: 'Fatigue' }, { dropValue: 5 }));
    expect(view.target).toBe(0.99);
    expect(view.drop).toBeCloseTo(0.9405, 10);
    expect(view.rows.map((r) => r.valid)).toEqual([false, true, true, true, false, false, false]);
    expect(view.latest).toBe(0.86);
  });

  it('a Zone of 1.0 with a 0.05 m/s drop keeps 0.95 to 1.00', () => {
    const view = buildWorkoutView(sampleRowReps(), shownBand({ ...base, target: 'Zone' }, { targetValue: 1, dropValue: 0.05, dropPercent: false }));
    expect(view.rows.map((r) => r.valid)).toEqual([false, true, true, true, false, false, false]);
    // Reps below a Zone are invalid, but the set goes on: only Fatigue ends a set.
    expect(view.setComplete).toBe(false);
  });

  it('renumbers when the warmup grows to 3', () => {
    const view = buildWorkoutView(sampleRowReps(), { ...base, warmup: 3 });
    expect(view.rows.map((r) => r.label)).toEqual(['W', 'W', 'W', '1', '2', '3', '4']);
    expect(view.counted).toBe(4);
  });

  it('shows nothing to compare before a rep is done', () => {
    const view = buildWorkoutView([], { ...base, target: 'Fatigue' });
    expect(view).toMatchObject({ rows: [], target: null, drop: null, best: null, bestChange: 0, latest: null, counted: 0 });
  });
});

describe('a band per metric and phase', () => {
  it('judges each phase against its own band, and the row by the shown phase', () => {
    // Concentric Zone 0.95–1.00 m/s; eccentric Zone 0.90–0.99 m/s.
    let s = shownBand({ ...base, target: 'Zone' }, { targetValue: 1, dropValue: 0.05, dropPercent: false });
    s = { ...s, targets: withBand(s.targets, 'velocity', 'eccentric', { targetValue: 0.99, dropValue: 0.09, dropPercent: false }) };
    const view = buildWorkoutView(sampleRowReps(), s);
    // Concentric 1, .98, .96, .94, .90, .86; eccentric .98, .99, .96, .93, .91, .86 (counts 1–6).
    expect(view.rows.map((r) => r.validity.concentric)).toEqual([false, true, true, true, false, false, false]);
    expect(view.rows.map((r) => r.validity.eccentric)).toEqual([false, true, true, true, true, true, false]);
    expect(view.rows.map((r) => r.valid)).toEqual(view.rows.map((r) => r.validity.concentric));
    expect(view.target).toBe(1);
    const eccentric = buildWorkoutView(sampleRowReps(), { ...s, phase: 'eccentric' });
    expect(eccentric.target).toBe(0.99);
    expect(eccentric.drop).toBeCloseTo(0.9, 10);
  });

  it('does not judge the phase not shown against a band nobody set for it', () => {
    const view = buildWorkoutView(sampleRowReps(), shownBand({ ...base, target: 'Threshold' }, { targetValue: 0.99 }));
    expect(view.rows.map((r) => r.validity.concentric)).toEqual([false, true, false, false, false, false, false]);
    expect(view.rows.map((r) => r.validity.eccentric)).toEqual([false, true, true, true, true, true, true]);
  });

  it('judges a metric or phase whose target nobody set as with None: no band, no verdict, until one is set', () => {
    // Zone 0.95–1.00 m/s with a 5 % drop, set on concentric velocity only.
    const zone = shownBand({ ...base, target: 'Zone' }, { targetValue: 1, dropValue: 5 });
    const judgedAsNone = { judged: 'None', target: null, drop: null, setComplete: false };
    for (const other of [{ ...zone, metric: 'power' as const }, { ...zone, phase: 'eccentric' as const }]) {
      const view = buildWorkoutView(sampleRowReps(), other);
      expect(view).toMatchObject(judgedAsNone);
      expect(view.rows.map((r) => r.valid)).toEqual([false, true, true, true, true, true, true]);
      expect(view.rows.map((r) => r.percentChange)).toEqual([null, null, null, null, null, null, null]);
    }
    expect(buildWorkoutView(sampleRowReps(), zone)).toMatchObject({ judged: 'Zone', target: 1, drop: 0.95 });
  });

  it('judges a type only once the parts it needs are set: Threshold a value, Zone a value and a drop, Fatigue a drop', () => {
    const valueOnly = shownBand(base, { targetValue: 0.95 });
    const dropOnly = shownBand(base, { dropValue: 10 });
    expect(buildWorkoutView(sampleRowReps(), { ...valueOnly, target: 'Threshold' }).judged).toBe('Threshold');
    expect(buildWorkoutView(sampleRowReps(), { ...valueOnly, target: 'Zone' }).judged).toBe('None');
    expect(buildWorkoutView(sampleRowReps(), { ...valueOnly, target: 'Fatigue' }).judged).toBe('None');
    expect(buildWorkoutView(sampleRowReps(), { ...dropOnly, target: 'Fatigue' }).judged).toBe('Fatigue');
    expect(buildWorkoutView(sampleRowReps(), { ...dropOnly, target: 'Threshold' }).judged).toBe('None');
  });

  it('another metric does not borrow the velocity band', () => {
    const s = shownBand({ ...base, target: 'Threshold' }, { targetValue: 0.5 });
    expect(buildWorkoutView(sampleRowReps(), s).target).toBe(0.5);
    expect(buildWorkoutView(sampleRowReps(), { ...s, metric: 'torque' }).target).toBeNull();
  });
});

describe('the rep under way (two-stage reps)', () => {
  const reps = [makeRep(0, 0.8, 0.7), makeRep(1, 1, 0.98)];

  it('with the concentric shown, its value counts at once: row, latest, best, target and counted', () => {
    const view = buildWorkoutView(reps, shownBand({ ...base, target: 'Fatigue' }, { dropValue: 10 }), turnAt(2, 1.2));
    expect(view.rows).toHaveLength(3);
    expect(view.rows[2]).toMatchObject({ index: 2, label: '2', concentric: 1.2, eccentric: null, value: 1.2, underWay: true, valid: true });
    expect(view.rows[2].validity).toEqual({ concentric: true, eccentric: null });
    expect(view.latest).toBe(1.2);
    expect(view.latestRow?.index).toBe(2);
    expect(view.best).toEqual({ count: 2, value: 1.2 });
    expect(view.target).toBe(1.2);
    expect(view.rows[1].valid).toBe(false);
    expect(view.counted).toBe(2);
  });

  it('with the eccentric shown, its row waits: no value, latest is the last closed rep', () => {
    const view = buildWorkoutView(reps, { ...base, phase: 'eccentric' }, turnAt(2, 1.2));
    expect(view.rows[2]).toMatchObject({ value: null, eccentric: null, percentChange: null, valid: true });
    expect(view.latest).toBe(0.98);
    expect(view.counted).toBe(2);
  });

  it('is the same figure the closed rep later has', () => {
    const s = shownBand({ ...base, target: 'Threshold' }, { targetValue: 1.1 });
    const atTurn = buildWorkoutView(reps, s, turnAt(2, 1.2));
    const closed = buildWorkoutView([...reps, makeRep(2, 1.2, 1.05)], s);
    expect(atTurn.rows[2].percentChange).toBeCloseTo(closed.rows[2].percentChange!, 12);
    expect(atTurn.rows[2].valid).toBe(closed.rows[2].valid);
    expect(atTurn.latest).toBe(closed.latest);
  });
});

describe('the rep goal', () => {
  it('is done when the counted reps reach it, warmup excluded', () => {
    const s = { ...base, repGoal: 6 };
    expect(buildWorkoutView(sampleRowReps().slice(0, 6), s)).toMatchObject({ counted: 5, goal: 6, setDone: false });
    expect(buildWorkoutView(sampleRowReps(), s)).toMatchObject({ counted: 6, goal: 6, setDone: true, setComplete: false });
  });

  it('a Fatigue set complete by rule is done without a goal', () => {
    const view = buildWorkoutView(sampleRowReps(), shownBand({ ...base, target: 'Fatigue' }, { dropValue: 10 }));
    expect(view).toMatchObject({ goal: null, setComplete: true, setDone: true });
  });
});
