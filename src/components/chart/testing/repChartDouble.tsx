/**
 * The reps' chart for component tests (Plotly does not run in happy-dom): "chart drawn:" and the
 * labels of the rows it is handed ("chart drawn: W 1 2 3"). Every test file that replaces
 * PlotlyRepChart.tsx replaces it with this one: the files share a module graph, and a chart loaded
 * lazily keeps whichever code a file loaded first.
 */
import type { ReactElement } from 'react';

export default function RepChartDouble({ rows }: { rows: readonly { label: string }[] }): ReactElement {
  return <p>chart drawn: {rows.map((r) => r.label).join(' ')}</p>;
}
