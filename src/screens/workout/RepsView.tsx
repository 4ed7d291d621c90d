/**
 * The set as a chart or a table. The chart module (and Plotly with it) is lazy: the table is
 * usable while it loads, and leaving the graph view unmounts the chart, which purges the plot.
 */
import { lazy, Suspense, type ReactElement } from 'react';
import { RepTable } from '../../components/table/RepTable';
import type { Phase } from '../../rules/labels';
import type { TargetType } from '../../rules/target';
import type { RepRow } from '../../rules/workoutView';
import type { View } from '../../rules/settingsModel';

const RepChart = lazy(() => import('../../components/chart/PlotlyRepChart'));

export interface RepsViewProps {
  view: View;
  rows: readonly RepRow[];
  phase: Phase;
  target: TargetType;
  currentTarget: number | null;
  currentDrop: number | null;
  unit: string;
  axisTitle: string;
}

export function RepsView(props: RepsViewProps): ReactElement {
  const { view, rows, phase, target, currentTarget, currentDrop, unit, axisTitle } = props;
  if (view === 'table') return <RepTable rows={rows} phase={phase} unit={unit} showPercentDrop={target !== 'None'} />;
  return (
    <Suspense fallback={<p className="chart chart--loading">Loading chart…</p>}>
      <RepChart rows={rows} target={target} currentTarget={currentTarget} currentDrop={currentDrop} unit={unit} axisTitle={axisTitle} />
    </Suspense>
  );
}
