/** The History's trend chart: best and mean per session over time; reached through `React.lazy` only (Plotly). */
import { useMemo, type ReactElement } from 'react';
import { Plot } from '../../components/chart/plotlyPlot';

export interface ProgressPoint {
  startedAt: number;
  best: number;
  mean: number;
}

const CONFIG = { displaylogo: false, displayModeBar: false, responsive: true };

export default function ProgressChart({ points, axisTitle }: { points: readonly ProgressPoint[]; axisTitle: string }): ReactElement {
  const { data, layout } = useMemo(() => {
    const x = points.map((p) => new Date(p.startedAt).toISOString());
    return {
      data: [
        { type: 'scatter' as const, mode: 'lines+markers' as const, name: 'Best', x, y: points.map((p) => p.best) },
        { type: 'scatter' as const, mode: 'lines+markers' as const, name: 'Mean', x, y: points.map((p) => p.mean) },
      ],
      layout: {
        margin: { t: 10, l: 10, r: 10, b: 10 },
        autosize: true,
        legend: { orientation: 'h', y: -0.25 },
        xaxis: { type: 'date', automargin: true },
        yaxis: { title: { text: axisTitle }, automargin: true, rangemode: 'tozero' },
        paper_bgcolor: 'rgba(0,0,0,0)',
        plot_bgcolor: 'rgba(0,0,0,0)',
      },
    };
  }, [points, axisTitle]);
  return (
    <div className="chart" role="img" aria-label={`Best and mean ${axisTitle} per session over time`}>
      <Plot data={data} layout={layout} config={CONFIG} useResizeHandler style={{ width: '100%', height: '100%' }} />
    </div>
  );
}
