import { describe, expect, it } from 'vitest';
import { METRICS } from '../engine/types';
import { boostLabel, figure, fixed2, METRIC_LABELS } from './labels';

describe('labels', () => {
  it('labels every metric with docs/behaviour.md §9 names and units, plus power', () => {
    expect(METRICS.map((m) => METRIC_LABELS[m])).toEqual([
      'Velocity (m/s)',
      'Acceleration (m/s²)',
      'Torque (N·m)',
      'Tangential Force (N)',
      'Linear Force (N)',
      'Net Force (N)',
      'Power (W)',
    ]);
  });

  it.each([
    { value: 1, text: '1.00' },
    { value: 0.857, text: '0.86' },
    { value: -14, text: '-14.00' },
  ])('shows $value as $text', ({ value, text }) => {
    expect(fixed2(value)).toBe(text);
  });

  it('refuses to format a non-finite value', () => {
    expect(() => fixed2(Number.POSITIVE_INFINITY)).toThrow(/non-finite/);
  });

  it.each([
    { percent: 0, label: 'Off' },
    { percent: 5, label: '5%' },
    { percent: 80, label: '80%' },
  ])('shows boost $percent as $label', ({ percent, label }) => {
    expect(boostLabel(percent)).toBe(label);
  });

  it('shows a metric to three or four significant figures: a power in whole watts, a velocity to the hundredth (issue 31, point 11)', () => {
    expect([0.934, 9.994, 45.67, -45.67, 99.96, 1275.6, 2353.07].map(figure)).toEqual(['0.93', '9.99', '45.7', '-45.7', '100.0', '1276', '2353']);
    expect(() => figure(Number.NaN)).toThrow(/non-finite/);
  });
});
