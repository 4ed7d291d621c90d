/**
 * The History's trend chart for component tests (Plotly does not run in happy-dom): the lines it
 * is handed, as a list named "trend drawn", each line's name and its points' dates. Every test
 * file that replaces ProgressChart.tsx replaces it with this one: the files share a module graph,
 * and the History's lazily loaded chart keeps whichever code a file loaded first.
 */
import type { ReactElement } from 'react';
import type { ProgressLine } from '../ProgressChart';

export default function ProgressChartDouble({ lines }: { lines: readonly ProgressLine[] }): ReactElement {
  return (
    <ul aria-label="trend drawn">
      {lines.map((line) => (
        <li key={line.name}>{`${line.name}: ${line.points.map((p) => new Date(p.startedAt).toISOString().slice(0, 10)).join(' ')}`}</li>
      ))}
    </ul>
  );
}
