/**
 * The History's trend chart: best and mean per session over time, a pair of lines per inertia
 * (a colour each; best solid, mean dotted), so no line joins sessions at different loads.
 * Reached through `React.lazy` only (Plotly).
 */
import { useMemo, type ReactElement } from 'react';
import { COLORWAY } from '../../components/chart/chartModel';
import { Plot } from '../../components/chart/plotlyPlot';

export interface ProgressLine {
  name: string;
  /** Lines of one inertia share a group, and its colour. */
  group: number;
  dash: 'solid' | 'dot';
  points: readonly { startedAt: number; value: number }[];
}

const CONFIG = { displaylogo: false, displayModeBar: false, responsive: true };

export default function ProgressChart({ lines, axisTitle }: { lines: readonly ProgressLine[]; axisTitle: string }): ReactElement {
  const { data, layout } = useMemo(
    () => ({
      data: lines.map((line) => ({
        type: 'scatter' as const,
        mode: 'lines+markers' as const,
        name: line.name,
        x: line.points.map((p) => new Date(p.startedAt).toISOString()),
        y: line.points.map((p) => p.value),
        line: { color: COLORWAY[line.group % COLORWAY.length], dash: line.dash },
        hovertemplate: `%{y:.2f}<extra>${line.name}</extra>`,
      })),
      layout: {
        margin: { t: 10, l: 10, r: 10, b: 10 },
        autosize: true,
        legend: { orientation: 'h', y: -0.25 },
        xaxis: { type: 'date', automargin: true },
        yaxis: { title: { text: axisTitle }, automargin: true, rangemode: 'tozero' },
        paper_bgcolor: 'rgba(0,0,0,0)',
        plot_bgcolor: 'rgba(0,0,0,0)',
      },
    }),
    [lines, axisTitle],
  );
  return (
    <div className="chart" role="img" aria-label={`Best and mean ${axisTitle} per session over time`}>
      <Plot data={data} layout={layout} config={CONFIG} useResizeHandler style={{ width: '100%', height: '100%' }} />
    </div>
  );
}
