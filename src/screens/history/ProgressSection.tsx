/**
 * Progress across the finished sessions: for a chosen metric and phase, each session's best and
 * mean over its reps after each set's warmup (rules/progress), as a table and a trend chart,
 * optionally only the sets done at one inertia (progress means most at a fixed load; a session
 * with no set at it is left out). Each session is reprocessed from its samples once, when the
 * section first shows.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type ReactElement } from 'react';
import { SelectField } from '../../components/SelectField';
import { METRICS, type Metric, type Rep } from '../../engine/types';
import type { Journaling } from '../../journal/journaling';
import type { HistoryEntry } from '../../journal/records';
import type { LoadSpan } from '../../rules/loads';
import { fixed2, METRIC_LABELS, PHASE_LABELS, PHASES, type Phase } from '../../rules/labels';
import { sessionFigures } from '../../rules/progress';
import { useStores } from '../../compose/appContext';

const ProgressChart = lazy(() => import('./ProgressChart'));

interface RecordedSession {
  entry: HistoryEntry;
  /** The inertias of its loads, lightest first. */
  inertias: number[];
  reps: Rep[];
  how: { restS: number; warmup: number; loads: readonly LoadSpan[] };
}

const ALL = 'all';
const METRIC_OPTIONS = METRICS.map((value) => ({ value, label: METRIC_LABELS[value] }));
const PHASE_OPTIONS = PHASES.map((value) => ({ value, label: PHASE_LABELS[value] }));

async function recordedSessions(journal: Journaling, entries: readonly HistoryEntry[]): Promise<RecordedSession[]> {
  const out: RecordedSession[] = [];
  for (const entry of entries) {
    const { settings, reps, loads } = await journal.recorded(entry.id);
    const inertias = [...new Set(loads.map((span) => span.inertia))].sort((a, b) => a - b);
    out.push({ entry, inertias, reps, how: { restS: settings.setRestS, warmup: settings.warmup, loads } });
  }
  return out;
}

export function ProgressSection({ journal, entries, when }: { journal: Journaling; entries: readonly HistoryEntry[]; when: (e: HistoryEntry) => string }): ReactElement {
  const { attempt } = useStores().alerts;
  const [sessions, setSessions] = useState<RecordedSession[] | null>(null);
  const [metric, setMetric] = useState<Metric>('velocity');
  const [phase, setPhase] = useState<Phase>('concentric');
  const [inertia, setInertia] = useState<string>(ALL);

  useEffect(() => {
    void attempt(async () => setSessions(await recordedSessions(journal, entries)));
  }, [journal, entries]);

  const inertias = useMemo(() => [...new Set((sessions ?? []).flatMap((s) => s.inertias))].sort((a, b) => a - b), [sessions]);
  const rows = useMemo(
    () =>
      (sessions ?? [])
        .filter((s) => inertia === ALL || s.inertias.some((i) => String(i) === inertia))
        .map((s) => ({ session: s, figures: sessionFigures(s.reps, s.how, metric, phase, inertia === ALL ? undefined : Number(inertia)) }))
        .sort((a, b) => a.session.entry.startedAt - b.session.entry.startedAt),
    [sessions, inertia, metric, phase],
  );
  const points = rows.flatMap(({ session, figures }) =>
    figures.best === null || figures.mean === null ? [] : [{ startedAt: session.entry.startedAt, best: figures.best, mean: figures.mean }],
  );

  return (
    <section className="progress" aria-labelledby="progress-title">
      <h2 id="progress-title">Progress</h2>
      <div className="progress__choices">
        <SelectField label="Metric" value={metric} options={METRIC_OPTIONS} onChange={setMetric} />
        <SelectField label="Phase" value={phase} options={PHASE_OPTIONS} onChange={setPhase} />
        <SelectField
          label="Inertia"
          value={inertia}
          options={[{ value: ALL, label: 'All' }, ...inertias.map((i) => ({ value: String(i), label: `${i} kg·m²` }))]}
          onChange={setInertia}
        />
      </div>
      {sessions === null ? (
        <p className="hint">Loading…</p>
      ) : (
        <>
          {points.length > 1 && (
            <Suspense fallback={<p className="chart chart--loading">Loading chart…</p>}>
              <ProgressChart points={points} axisTitle={METRIC_LABELS[metric]} />
            </Suspense>
          )}
          <div className="table-wrap">
            <table className="reps">
              <caption>
                {METRIC_LABELS[metric]}, {PHASE_LABELS[phase].toLowerCase()}, per session, oldest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Inertia (kg·m²)</th>
                  <th scope="col">Reps</th>
                  <th scope="col">Best</th>
                  <th scope="col">Mean</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ session, figures }) => (
                  <tr key={session.entry.id}>
                    <th scope="row">{when(session.entry)}</th>
                    <td>{inertia === ALL ? session.inertias.join(', ') : inertia}</td>
                    <td>{figures.reps}</td>
                    <td>{figures.best === null ? '–' : fixed2(figures.best)}</td>
                    <td>{figures.mean === null ? '–' : fixed2(figures.mean)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
