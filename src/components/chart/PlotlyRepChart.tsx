/**
 * The Plotly column chart. This module is only reached through `React.lazy`, so Plotly (≈390 kB
 * gzip) sits in its own chunk and the table works before it arrives. The figure is rebuilt only
 * when one of the documented triggers changes (reps, target type, current target, current drop), and
 * react-plotly purges the plot when the view unmounts.
 */
import { useMemo, type ReactElement } from 'react';
import { buildChart, type ChartInput } from './chartModel';
import { Plot } from './plotlyPlot';


export default function PlotlyRepChart(props: ChartInput): ReactElement {
  const { rows, target, currentTarget, currentDrop, unit, axisTitle, overload } = props;
  const figure = useMemo(
    () => buildChart({ rows, target, currentTarget, currentDrop, unit, axisTitle, overload }),
    [rows, target, currentTarget, currentDrop, unit, axisTitle, overload],
  );
  return (
    <div className="chart" role="img" aria-label={`Column chart of ${axisTitle} per repetition`}>
      <Plot data={figure.data} layout={figure.layout} config={figure.config} useResizeHandler style={{ width: '100%', height: '100%' }} />
    </div>
  );
}
