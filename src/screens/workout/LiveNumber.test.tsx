// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleRowReps, viewSettings } from '../../rules/fixtures';
import { buildWorkoutView } from '../../rules/workoutView';
import { LiveNumber, type LiveNumberProps } from './LiveNumber';

afterEach(cleanup);

// Threshold 0.9 m/s on the documented rows: rep 6 (0.86) fails, rep 5 (0.90) passes, W is warmup.
const view = buildWorkoutView(sampleRowReps(), viewSettings({ target: 'Threshold', targetValue: 0.9 }));
const base: LiveNumberProps = { row: view.rows[6], phase: 'concentric', unit: 'm/s', counted: 6, goal: null, setDone: false, completeBelow: null, unknown: false };

function shown(props: Partial<LiveNumberProps> = {}) {
  render(<LiveNumber {...base} {...props} />);
  const region = screen.getByRole('region', { name: 'Latest rep' });
  return { region, value: screen.getByTestId('live-number').textContent, tone: region.getAttribute('data-tone') };
}

describe('the big live number', () => {
  it('shows the rep’s value with two decimals and its unit, and says when it is outside the target', () => {
    const { region, value, tone } = shown();
    expect(value).toBe('0.86\u00a0m/s');
    expect(tone).toBe('invalid');
    expect(region.textContent).toContain('Rep 6 · Concentric · outside the target');
    expect(region.textContent).toContain('6 reps');
  });

  it('is coloured valid for a rep in the target and plain for the warmup', () => {
    expect(shown({ row: view.rows[5] }).tone).toBe('valid');
    cleanup();
    const warmup = shown({ row: view.rows[0] });
    expect(warmup.tone).toBe('warmup');
    expect(warmup.region.textContent).toContain('Warmup · Concentric');
  });

  it('says one rep, not "1 reps", with or without a goal', () => {
    expect(shown({ counted: 1 }).region.textContent).toContain('1 rep');
    expect(screen.getByRole('region').textContent).not.toContain('1 reps');
    cleanup();
    expect(shown({ counted: 1, goal: 1, setDone: true }).region.textContent).toContain('1 / 1 rep · Set done');
    cleanup();
    expect(shown({ counted: 0 }).region.textContent).toContain('0 reps');
  });

  it('shows the reps over the goal, and "Set done" once the set is', () => {
    expect(shown({ goal: 8 }).region.textContent).toContain('6 / 8 reps');
    expect(screen.queryByText(/Set done/)).toBeNull();
    cleanup();
    expect(shown({ counted: 8, goal: 8, setDone: true }).region.textContent).toContain('8 / 8 reps · Set done');
  });

  it('says why a Fatigue set is complete', () => {
    const { region } = shown({ setDone: true, completeBelow: 0.9 });
    expect(region.textContent).toContain('6 reps · Set done');
    expect(region.textContent).toContain('Set complete: the last rep fell below 0.90 m/s.');
  });

  it('shows "–", never 0.00, while the metric cannot be measured', () => {
    const { value, tone } = shown({ unknown: true, unit: 'W' });
    expect(value).toBe('–\u00a0W');
    expect(tone).toBe('none');
  });

  it('shows the eccentric/concentric ratio instead, judged against the athlete’s ratio target, with how many reps met it', () => {
    // The sample rows' ratio is eccentric over concentric: rep 6, 0.86 / 0.86 = 1.00; rep 1, 0.98 / 1 = 0.98.
    const ratio = { ratio: 'peakPowerRatio' as const, target: { ratio: 'peakPowerRatio' as const, min: 0.99 }, summary: { judged: 6, met: 4, mean: 1 } };
    const six = shown({ ratio });
    expect(six.value).toBe('1.00\u00a0×');
    expect(six.tone).toBe('valid');
    expect(six.region.textContent).toContain('Rep 6 · Eccentric/Concentric Peak Power');
    expect(six.region.textContent).toContain('4 of 6 ≥ 0.99×');
    cleanup();
    expect(shown({ row: view.rows[1], ratio }).tone).toBe('invalid');
    cleanup();
    expect(shown({ row: view.rows[0], ratio }).tone).toBe('warmup');
    cleanup();
    expect(shown({ row: { ...view.rows[6]!, overload: null }, ratio }).value).toBe('–\u00a0×');
  });

  it('says which rep is under way while the one shown is an earlier rep (issue 31, point 9)', () => {
    expect(shown({ row: view.rows[5], phase: 'eccentric', underWay: 6 }).region.textContent).toContain('Rep 5 · Eccentric · rep 6 under way');
  });
});
