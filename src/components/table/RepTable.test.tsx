// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTurn, sampleRowReps, viewSettings } from '../../rules/fixtures';
import { withBand } from '../../rules/targetBands';
import { buildWorkoutView } from '../../rules/workoutView';
import { percentAgainst, RepTable } from './RepTable';

afterEach(cleanup);

const base = viewSettings({ target: 'Fatigue', dropValue: 10 });

function cells() {
  return screen.getAllByRole('row').slice(1).map((row) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent));
}

describe('RepTable', () => {
  it('shows #, Concentric, Eccentric and Percent Drop (saying against what) with two decimals and W for the warmup', () => {
    const { rows } = buildWorkoutView(sampleRowReps(), base);
    render(<RepTable rows={rows} percentAgainst="best 1.00 m/s" phase="concentric" unit="m/s" />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Concentric (m/s)', 'Eccentric (m/s)', 'Percent Drop (vs best 1.00 m/s)']);
    expect(cells()).toEqual([
      ['W', '0.80', '0.70', '20.00\u00a0%'],
      ['1', '1.00', '0.98', '0.00\u00a0%'],
      ['2', '0.98', '0.99', '2.00\u00a0%'],
      ['3', '0.96', '0.96', '4.00\u00a0%'],
      ['4', '0.94', '0.93', '6.00\u00a0%'],
      ['5', '0.90', '0.91', '10.00\u00a0%'],
      ['6', '0.86', '0.86', '14.00\u00a0%'],
    ]);
  });

  it('gives a rep above the target a negative drop, one below it a positive drop (issue 31, point 10)', () => {
    const { rows } = buildWorkoutView(sampleRowReps(), { ...base, target: 'Threshold', targets: withBand({}, 'velocity', 'concentric', { targetValue: 0.9, dropValue: null, dropPercent: true }) });
    render(<RepTable rows={rows} percentAgainst="target 0.90 m/s" phase="concentric" unit="m/s" />);
    // Rep 1 at 1.00 is 11.11 % above the target, rep 6 at 0.86 4.44 % below it.
    expect(cells()[1]![3]).toBe('-11.11\u00a0%');
    expect(cells()[6]![3]).toBe('4.44\u00a0%');
  });

  it('marks warmup rows apart from invalid ones (issue 31, point 10)', () => {
    const { rows } = buildWorkoutView(sampleRowReps(), base);
    render(<RepTable rows={rows} percentAgainst="best 1.00 m/s" phase="concentric" unit="m/s" />);
    const marks = screen.getAllByRole('row').slice(1).map((row) => [row.getAttribute('data-valid'), row.className]);
    expect(marks).toEqual([
      ['false', 'is-warmup'],
      ['true', ''],
      ['true', ''],
      ['true', ''],
      ['true', ''],
      ['true', ''],
      ['false', 'is-invalid'],
    ]);
  });

  it('has no Percent Drop column without a target', () => {
    const { rows } = buildWorkoutView(sampleRowReps(), { ...base, target: 'None' });
    render(<RepTable rows={rows} phase="concentric" unit="m/s" />);
    expect(screen.queryByRole('columnheader', { name: /^Percent Drop/ })).toBeNull();
    expect(cells()[0]).toHaveLength(3);
  });

  it('shows the rep under way at its turn: the concentric, and "…" for the eccentric', () => {
    const turn = makeTurn(7, 0.97, 1);
    const { rows } = buildWorkoutView(sampleRowReps(), base, turn);
    render(<RepTable rows={rows} percentAgainst="best 1.00 m/s" phase="concentric" unit="m/s" />);
    expect(cells().at(-1)).toEqual(['7', '0.97', '…', '3.00\u00a0%']);
  });

  it('shows "–", never 0.00, for a metric that cannot be measured yet', () => {
    const { rows } = buildWorkoutView(sampleRowReps(), { ...base, metric: 'torque' });
    render(<RepTable rows={rows} phase="concentric" unit="N·m" unknown />);
    expect(cells().flatMap((row) => row.slice(1))).toEqual(Array(14).fill('–'));
  });

  it('shows the eccentric overload when turned on: peak / mean power ratio, "…" while the return is under way', () => {
    const turn = makeTurn(7, 0.97, 1);
    const { rows } = buildWorkoutView(sampleRowReps(), { ...base, target: 'None' }, turn);
    render(<RepTable rows={rows} phase="concentric" unit="m/s" showOverload />);
    expect(screen.getAllByRole('columnheader').at(-1)!.textContent).toBe('Overload (ecc/con power: peak / mean)');
    // The documented rows give every figure of a phase the same value: count 1 is 0.98 / 1.
    expect(cells()[1]).toEqual(['1', '1.00', '0.98', '0.98 / 0.98']);
    expect(cells().at(-1)!.at(-1)).toBe('…');
  });

  it('shows "–" for the overload of a rep without concentric power (inertia 0)', () => {
    const rep = { ...sampleRowReps()[1]!, peakPowerRatio: 0, meanPowerRatio: 0 };
    const { rows } = buildWorkoutView([rep], { ...base, target: 'None' });
    render(<RepTable rows={rows} phase="concentric" unit="m/s" showOverload />);
    expect(cells()[0]!.at(-1)).toBe('–');
  });
});

describe('what the Percent Drop is against', () => {
  it('is the target for Threshold and Zone, the set’s best rep for Fatigue, and nothing without a target', () => {
    expect(percentAgainst('Threshold', 0.72, 'm/s')).toBe('target 0.72 m/s');
    expect(percentAgainst('Zone', 1, 'W')).toBe('target 1.00 W');
    expect(percentAgainst('Fatigue', 0.75, 'm/s')).toBe('best 0.75 m/s');
    expect(percentAgainst('Fatigue', null, 'm/s')).toBe('best rep');
    expect(percentAgainst('None', 0.9, 'm/s')).toBeUndefined();
  });
});
