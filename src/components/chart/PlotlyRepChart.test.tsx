// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleRowReps, viewSettings } from '../../rules/fixtures';
import { buildWorkoutView } from '../../rules/workoutView';

const plotProps = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('plotly.js-basic-dist', () => ({ default: {} }));
vi.mock('react-plotly.js/factory', () => ({
  default: () => (props: Record<string, unknown>) => {
    plotProps.push(props);
    return <div data-testid="plot" />;
  },
}));

const { default: PlotlyRepChart } = await import('./PlotlyRepChart');

beforeEach(() => {
  plotProps.length = 0;
});
afterEach(cleanup);

const view = buildWorkoutView(sampleRowReps(), viewSettings({ target: 'Fatigue', dropValue: 10 }));
const props = { rows: view.rows, target: 'Fatigue' as const, currentTarget: view.target, currentDrop: view.drop, unit: 'm/s', axisTitle: 'Velocity (m/s)' };

describe('PlotlyRepChart', () => {
  it('hands Plotly the figure and redraws only when a documented trigger changes', () => {
    const { rerender } = render(<PlotlyRepChart {...props} />);
    rerender(<PlotlyRepChart {...props} />);
    expect(plotProps[1].data).toBe(plotProps[0].data);
    rerender(<PlotlyRepChart {...props} currentDrop={0.8} />);
    expect(plotProps[2].layout).not.toBe(plotProps[1].layout);
    expect(plotProps[0].config).toMatchObject({ displaylogo: false });
  });
});
