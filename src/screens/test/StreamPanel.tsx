/**
 * The raw sample stream of the live session: how many samples arrived, how many the engine
 * skipped and rejected as glitches (and what else it noticed: a wrapping or saturating angle,
 * refused reps), the unit's skip warnings (docs/behaviour.md §8 jitter) and the newest samples; plus the debug CSV
 * export of everything received, with the angular velocity and acceleration the engine used at
 * each sample (so a re-import with the calc flags off reproduces the session).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type ReactElement } from 'react';
import { QUALITY_LIMITS, signalQuality, type SignalQuality } from '../../rules/signalQuality';
import { describeProblems } from '../../rules/sampleProblems';
import { reprocess } from '../../engine';
import { buildDebugCsv, csvFileName, ratesAtSamples, shareCsv } from '../../csv';
import { useApp } from '../../compose/appContext';
import type { SharePort } from '../../platform/share/port';
import type { LiveSession } from '../../workout/liveSession';
import type { Stores } from '../../stores';

/** Samples the signal quality is estimated from (about 5 s at 200 Hz), and how often, ms. */
const QUALITY_WINDOW = 1000;
const QUALITY_EVERY_MS = 500;

/** The quality of the newest samples, estimated about twice a second while the panel shows. */
function useSignalQuality(liveSession: LiveSession): SignalQuality | null {
  const estimate = () => {
    const recent = liveSession.recent(QUALITY_WINDOW);
    return signalQuality(recent.timeUs, recent.angleDeg);
  };
  const [quality, setQuality] = useState(estimate);
  useEffect(() => {
    const timer = setInterval(() => setQuality(estimate()), QUALITY_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return quality;
}

async function exportDebug(liveSession: LiveSession, share: SharePort, { settings, alerts }: Stores): Promise<void> {
  const raw = liveSession.raw();
  const { points } = reprocess(raw, settings.engine.peek(), { points: true });
  const csv = buildDebugCsv({ ...raw, ...ratesAtSamples(raw.timeUs, points) });
  const outcome = await shareCsv(csvFileName('debug', new Date()), csv, share);
  if (outcome.ok) alerts.showStatus(outcome.message);
  else alerts.showError(outcome.message);
}

/** "200 Hz, timing jitter 0.4 ms, angle noise 0.31° over the newest 1000 samples", or why not yet. */
function qualityText(q: SignalQuality | null): string {
  if (q === null) return 'Signal quality: not enough samples yet';
  const figures = `${q.rateHz.toFixed(0)} Hz, timing jitter ${q.jitterMs.toFixed(2)} ms, angle noise ${q.noiseDeg.toFixed(2)}° over the newest ${q.samples} samples`;
  if (!q.suspect) return `Signal quality: ${figures}.`;
  return `Signal quality: ${figures}. Check the sensor: the metrics are checked up to ${QUALITY_LIMITS.noiseDeg}° of noise and ${QUALITY_LIMITS.jitterMs} ms of jitter (standard deviations).`;
}

export function StreamPanel(): ReactElement {
  useSignals();
  const app = useApp();
  const liveSession = app.session;
  const stats = liveSession.stats.value;
  const latest = liveSession.latest.value;
  const quality = useSignalQuality(liveSession);
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
        <dt>Rejected as glitches</dt>
        <dd data-testid="rejected">{stats.problems.rejected}</dd>
        <dt>Skip warnings from the unit</dt>
        <dd>{stats.warnings}</dd>
      </dl>
      {stats.lastWarning && <p className="hint">Last warning: {stats.lastWarning}</p>}
      {describeProblems(stats.problems).map((line) => (
        <p key={line} className="hint warning">
          The engine: {line}.
        </p>
      ))}
      <p className={quality?.suspect ? 'hint warning' : 'hint'} data-testid="signal-quality">
        {qualityText(quality)}
      </p>
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
      <button type="button" className="button" disabled={stats.received === 0} onClick={() => void app.stores.alerts.attempt(() => exportDebug(liveSession, app.ports.share(), app.stores))}>
        Export debug CSV
      </button>
    </section>
  );
}
