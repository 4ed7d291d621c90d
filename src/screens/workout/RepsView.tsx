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
  /** The metric cannot be measured yet (no plates chosen): the table shows "–", no chart is drawn. */
  unknown: boolean;
}

export function RepsView(props: RepsViewProps): ReactElement {
  const { view, rows, phase, target, currentTarget, currentDrop, unit, axisTitle, unknown } = props;
  if (view === 'table' || unknown) return <RepTable rows={rows} phase={phase} unit={unit} showPercentDrop={target !== 'None' && !unknown} unknown={unknown} />;
  return (
    <Suspense fallback={<p className="chart chart--loading">Loading chart…</p>}>
      <RepChart rows={rows} target={target} currentTarget={currentTarget} currentDrop={currentDrop} unit={unit} axisTitle={axisTitle} />
    </Suspense>
  );
}
