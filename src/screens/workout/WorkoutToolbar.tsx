/**
 * Workout toolbar (docs/behaviour.md §2): the metric selector — labelled "Mean", as every figure is a phase
 * mean — the Graph/Table toggle and Export CSV. Export is disabled until there is a rep. The
 * selector is a plain labelled <select> (SelectField's inline markup) so the start-up carries
 * neither SelectField nor its description block, which only the lazily loaded pages use.
 */
import { useId, useState, type ReactElement } from 'react';
import { METRICS, type Metric } from '../../engine/types';
import { METRIC_LABELS } from '../../rules/labels';
import type { View } from '../../rules/settingsModel';

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
  const id = useId();
  return (
    <div className="toolbar">
      <div className="field field--inline">
        <label htmlFor={id}>Mean</label>
        <select id={id} value={metric} onChange={(e) => onMetric(e.target.value as Metric)}>
          {METRICS.map((value) => (
            <option key={value} value={value}>
              {METRIC_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
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
