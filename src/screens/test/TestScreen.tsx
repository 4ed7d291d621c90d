/**
 * /test (docs/behaviour.md §2, content "not shown"): a workshop page for checking a unit and recorded data —
 * the live raw stream, and a debug CSV import that is reprocessed apart from the live session.
 */
import type { ReactElement } from 'react';
import { ImportPanel } from './ImportPanel';
import { StreamPanel } from './StreamPanel';

export default function TestScreen(): ReactElement {
  return (
    <section className="screen test">
      <h1>Sensor test</h1>
      <StreamPanel />
      <ImportPanel />
    </section>
  );
}
