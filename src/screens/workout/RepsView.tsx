/**
 * The set as a chart or a table. The chart (and Plotly with it) loads on demand and comes in as
 * `RepChart`: "Loading chart…" shows until it is there, and leaving the graph view unmounts the
 * chart, which purges the plot.
 */
import type { ComponentType, ReactElement } from 'react';
import type { ChartInput } from '../../components/chart/chartModel';
import { percentAgainst, RepTable } from '../../components/table/RepTable';
import { useStores } from '../../compose/appContext';
import type { Phase } from '../../rules/labels';
import type { TargetType } from '../../rules/target';
import type { RepRow } from '../../rules/workoutView';
import type { View } from '../../rules/settingsModel';


export interface RepsViewProps {
  view: View;
  rows: readonly RepRow[];
  phase: Phase;
  target: TargetType;
  currentTarget: number | null;
  currentDrop: number | null;
  unit: string;
  axisTitle: string;
  /** The metric cannot be measured yet (no plates chosen): a line says so, the table shows "–", no chart is drawn. */
  unknown: boolean;
  /** The chart component once its code has loaded; null before. */
  RepChart: ComponentType<ChartInput> | null;
  /** The eccentric overload (the table's column, the chart's line), and turning it on or off. */
  showOverload: boolean;
  onShowOverload: (on: boolean) => void;
}

function OverloadToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }): ReactElement {
  return (
    <label className="check table-option">
      <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} /> Show eccentric overload
    </label>
  );
}

function InertiaHint({ metric }: { metric: string }): ReactElement {
  const { workoutDialog } = useStores().workoutHints;
  return (
    <div className="inertia-hint hint">
      <p>{metric} needs the flywheel’s inertia: choose your plates.</p>
      <button type="button" className="button" onClick={() => (workoutDialog.value = 'inertia')}>
        Choose plates
      </button>
    </div>
  );
}

export function RepsView(props: RepsViewProps): ReactElement {
  const { view, rows, phase, target, currentTarget, currentDrop, unit, axisTitle, unknown, RepChart, showOverload, onShowOverload } = props;
  if (unknown) {
    return (
      <>
        <InertiaHint metric={axisTitle} />
        <RepTable rows={rows} phase={phase} unit={unit} unknown />
      </>
    );
  }
  if (view === 'table') {
    return (
      <>
        <OverloadToggle on={showOverload} onChange={onShowOverload} />
        <RepTable rows={rows} phase={phase} unit={unit} percentAgainst={percentAgainst(target, currentTarget, unit)} showOverload={showOverload} />
      </>
    );
  }
  return (
    <>
      <OverloadToggle on={showOverload} onChange={onShowOverload} />
      {RepChart === null ? (
        <p className="chart chart--loading">Loading chart…</p>
      ) : (
        <RepChart rows={rows} target={target} currentTarget={currentTarget} currentDrop={currentDrop} unit={unit} axisTitle={axisTitle} overload={showOverload} />
      )}
    </>
  );
}
