/**
 * Workout toolbar (docs/behaviour.md §2): the metric selector — labelled "Mean", as every figure is a phase
 * mean — the Graph/Table toggle and Export CSV. Export is disabled until there is a rep.
 */
import { useState, type ReactElement } from 'react';
import { METRICS, type Metric } from '../../engine/types';
import { METRIC_LABELS } from '../../rules/labels';
import type { View } from '../../rules/settingsModel';
import { SelectField } from '../../components/SelectField';

const METRIC_OPTIONS = METRICS.map((value) => ({ value, label: METRIC_LABELS[value] }));

export interface WorkoutToolbarProps {
  metric: Metric;
  onMetric: (metric: Metric) => void;
  view: View;
  onView: (view: View) => void;
  canExport: boolean;
  onExport: () => Promise<void>;
}

export function WorkoutToolbar({ metric, onMetric, view, onView, canExport, onExport }: WorkoutToolbarProps): ReactElement {
  const [exporting, setExporting] = useState(false);
  return (
    <div className="toolbar">
      <SelectField label="Mean" inline value={metric} options={METRIC_OPTIONS} onChange={onMetric} />
      <div className="segmented" role="group" aria-label="View">
        <button type="button" aria-pressed={view === 'graph'} onClick={() => onView('graph')}>
          Graph
        </button>
        <button type="button" aria-pressed={view === 'table'} onClick={() => onView('table')}>
          Table
        </button>
      </div>
      <button
        type="button"
        className="button"
        disabled={!canExport || exporting}
        onClick={async () => {
          setExporting(true);
          try {
            await onExport();
          } finally {
            setExporting(false);
          }
        }}
      >
        Export CSV
      </button>
    </div>
  );
}
