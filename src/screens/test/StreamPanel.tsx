/**
 * The raw sample stream of the live session: how many samples arrived, how many the engine
 * skipped, the unit's skip warnings (SPEC §8 jitter) and the newest samples; plus the debug CSV
 * export of everything received.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { buildDebugCsv, csvFileName, shareCsv } from '../../session';
import { attempt, showError, showStatus } from '../../state/alerts';
import { liveSession } from '../../state/session';

async function exportDebug(): Promise<void> {
  const outcome = await shareCsv(csvFileName('debug', new Date()), buildDebugCsv(liveSession.raw()));
  if (outcome.ok) showStatus(outcome.message);
  else showError(outcome.message);
}

export function StreamPanel(): ReactElement {
  useSignals();
  const stats = liveSession.stats.value;
  const latest = liveSession.latest.value;
  return (
    <section aria-labelledby="stream-title">
      <h2 id="stream-title">Live sample stream</h2>
      <dl className="facts">
        <dt>Streaming</dt>
        <dd>{liveSession.live.value ? 'yes' : 'no'}</dd>
        <dt>Samples received</dt>
        <dd data-testid="received">{stats.received}</dd>
        <dt>Skipped by the engine</dt>
        <dd>{stats.skipped}</dd>
        <dt>Skip warnings from the unit</dt>
        <dd>{stats.warnings}</dd>
      </dl>
      {stats.lastWarning && <p className="hint">Last warning: {stats.lastWarning}</p>}
      <div className="table-wrap">
        <table className="reps">
          <caption>Newest samples</caption>
          <thead>
            <tr>
              <th scope="col">Time (µs)</th>
              <th scope="col">Angle (°)</th>
            </tr>
          </thead>
          <tbody>
            {latest.map((sample) => (
              <tr key={sample.timeUs}>
                <td>{sample.timeUs}</td>
                <td>{sample.angleDeg.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="button" disabled={stats.received === 0} onClick={() => void attempt(exportDebug)}>
        Export debug CSV
      </button>
    </section>
  );
}
