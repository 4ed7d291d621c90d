/**
 * Progress across the finished sessions: for a chosen metric and phase, each session's best and
 * mean over its reps after each set's warmup (rules/progress), as a table and a trend chart, at
 * one inertia or at each. Like is compared with like (rules/progress): the inertia shown first is
 * the one trained at most, and "All" gives each inertia a row per session and lines of its own. A
 * session without a counted rep shows under "All" only, without figures. Each session is
 * reprocessed from its samples once, when the section first shows.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type ReactElement } from 'react';
import { SelectField } from '../../components/SelectField';
import { METRICS, type Metric, type Rep } from '../../engine/types';
import type { Journaling } from '../../journal/journaling';
import type { HistoryEntry } from '../../journal/records';
import type { LoadSpan } from '../../rules/loads';
import { fixed2, METRIC_LABELS, PHASE_LABELS, PHASES, type Phase } from '../../rules/labels';
import { mostUsedInertia, repsByInertia, sessionFigures, type SessionFigures } from '../../rules/progress';
import { useStores } from '../../compose/appContext';
import type { ProgressLine } from './ProgressChart';

const ProgressChart = lazy(() => import('./ProgressChart'));

interface RecordedSession {
  entry: HistoryEntry;
  /** The inertias of its loads, lightest first. */
  inertias: number[];
  /** Reps after each set's warmup per inertia. */
  byInertia: Map<number, number>;
  reps: Rep[];
  how: { restS: number; warmup: number; loads: readonly LoadSpan[] };
}

interface Row {
  session: RecordedSession;
  /** The inertia of the row's figures; null for a session without a counted rep (its loads' inertias shown). */
  inertia: number | null;
  figures: SessionFigures;
}

const ALL = 'all';
const METRIC_OPTIONS = METRICS.map((value) => ({ value, label: METRIC_LABELS[value] }));
const PHASE_OPTIONS = PHASES.map((value) => ({ value, label: PHASE_LABELS[value] }));

async function recordedSessions(journal: Journaling, entries: readonly HistoryEntry[]): Promise<RecordedSession[]> {
  const out: RecordedSession[] = [];
  for (const entry of entries) {
    const { settings, reps, loads } = await journal.recorded(entry.id);
    const how = { restS: settings.setRestS, warmup: settings.warmup, loads };
    const inertias = [...new Set(loads.map((span) => span.inertia))].sort((a, b) => a - b);
    out.push({ entry, inertias, byInertia: repsByInertia(reps, how), reps, how });
  }
  return out.sort((a, b) => a.entry.startedAt - b.entry.startedAt);
}

/** "3/9/25, 8:30 AM": short, so the table fits a phone's width. */
function when(entry: HistoryEntry): string {
  return new Date(entry.startedAt).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}

/** The rows at `inertia`, or every session at each of its inertias for All; oldest first. */
function progressRows(sessions: readonly RecordedSession[], inertia: number | typeof ALL, metric: Metric, phase: Phase): Row[] {
  return sessions.flatMap((session): Row[] => {
    const figures = (at: number) => sessionFigures(session.reps, session.how, metric, phase, at);
    if (inertia !== ALL) return session.byInertia.has(inertia) ? [{ session, inertia, figures: figures(inertia) }] : [];
    if (session.byInertia.size === 0) return [{ session, inertia: null, figures: sessionFigures(session.reps, session.how, metric, phase) }];
    return [...session.byInertia.keys()].sort((a, b) => a - b).map((at) => ({ session, inertia: at, figures: figures(at) }));
  });
}

/** Best and mean lines: one pair at one inertia, a pair per inertia for All, never joining two inertias. */
function progressLines(rows: readonly Row[], single: boolean): ProgressLine[] {
  const byInertia = new Map<number, Row[]>();
  for (const row of rows) {
    if (row.inertia === null || row.figures.best === null || row.figures.mean === null) continue;
    byInertia.set(row.inertia, [...(byInertia.get(row.inertia) ?? []), row]);
  }
  return [...byInertia.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([inertia, at], group) => {
      const name = (figure: string) => (single ? figure : `${inertia} kg·m² ${figure.toLowerCase()}`);
      const points = (pick: (f: SessionFigures) => number | null) => at.map((row) => ({ startedAt: row.session.entry.startedAt, value: pick(row.figures)! }));
      return [
        { name: name('Best'), group, dash: 'solid' as const, points: points((f) => f.best) },
        { name: name('Mean'), group, dash: 'dot' as const, points: points((f) => f.mean) },
      ];
    });
}

export function ProgressSection({ journal, entries }: { journal: Journaling; entries: readonly HistoryEntry[] }): ReactElement {
  const { attempt } = useStores().alerts;
  const [sessions, setSessions] = useState<RecordedSession[] | null>(null);
  const [metric, setMetric] = useState<Metric>('velocity');
  const [phase, setPhase] = useState<Phase>('concentric');
  /** The inertia the user chose; null until they choose (the most used one shows). */
  const [chosen, setChosen] = useState<string | null>(null);

  useEffect(() => {
    void attempt(async () => setSessions(await recordedSessions(journal, entries)));
  }, [journal, entries]);

  const inertias = useMemo(() => [...new Set((sessions ?? []).flatMap((s) => [...s.byInertia.keys(), ...(s.byInertia.size === 0 ? s.inertias : [])]))].sort((a, b) => a - b), [sessions]);
  const mostUsed = useMemo(() => mostUsedInertia((sessions ?? []).map((s) => ({ startedAt: s.entry.startedAt, byInertia: s.byInertia }))), [sessions]);
  const inertia = chosen ?? (mostUsed === null ? ALL : String(mostUsed));
  const at = inertia === ALL ? ALL : Number(inertia);
  const rows = useMemo(() => progressRows(sessions ?? [], at, metric, phase), [sessions, at, metric, phase]);
  const lines = useMemo(() => progressLines(rows, at !== ALL), [rows, at]);

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
          onChange={setChosen}
        />
      </div>
      {sessions === null ? (
        <p className="hint">Loading…</p>
      ) : (
        <>
          {lines.some((line) => line.points.length > 1) && (
            <Suspense fallback={<p className="chart chart--loading">Loading chart…</p>}>
              <ProgressChart lines={lines} axisTitle={METRIC_LABELS[metric]} />
            </Suspense>
          )}
          <div className="table-wrap">
            <table className="reps">
              <caption>
                {METRIC_LABELS[metric]}, {PHASE_LABELS[phase].toLowerCase()}
                {at === ALL ? '' : `, at ${at} kg·m²`}, per session, oldest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  {at === ALL && <th scope="col">Inertia (kg·m²)</th>}
                  <th scope="col">Reps</th>
                  <th scope="col">Best</th>
                  <th scope="col">Mean</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ session, inertia: rowInertia, figures }) => (
                  <tr key={`${session.entry.id}@${rowInertia}`}>
                    <th scope="row">{when(session.entry)}</th>
                    {at === ALL && <td>{rowInertia ?? session.inertias.join(', ')}</td>}
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
