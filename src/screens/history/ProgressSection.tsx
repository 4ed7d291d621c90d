/**
 * Progress across the finished sessions: for a chosen metric and phase, each session's best and
 * mean over its reps after each set's warmup, as a table and a trend chart, at one inertia or at
 * each. Like is compared with like (rules/progress): the inertia shown first is the one trained at
 * most, and "All" gives each inertia a row per session and lines of its own. A session without a
 * counted rep shows under "All" only, without figures. The figures come from the sets' records
 * the sessions keep (rules/setRecords.ts), of the athlete and exercise the History is filtered by:
 * no session is reprocessed.
 */
import { lazy, Suspense, useMemo, useState, type ReactElement } from 'react';
import { SelectField } from '../../components/SelectField';
import { METRICS, type Metric } from '../../engine/types';
import type { HistoryEntry } from '../../journal/records';
import { figure, METRIC_LABELS, PHASE_LABELS, PHASES, type Phase } from '../../rules/labels';
import { mostUsedInertia, repsByInertia as byInertia } from '../../rules/progress';
import { figureKey, figuresOver, type SetRecord } from '../../rules/setRecords';
import type { ProgressLine } from './ProgressChart';

const ProgressChart = lazy(() => import('./ProgressChart'));

/** A finished session with the sets the History is filtered to. */
export interface ProgressSession {
  entry: HistoryEntry;
  sets: readonly SetRecord[];
}

interface Row {
  session: ProgressSession;
  /** The inertia of the row's figures; null for a session without a counted rep (its loads' inertias shown). */
  inertia: number | null;
  figures: { reps: number; best: number | null; mean: number | null };
}

const ALL = 'all';
const METRIC_OPTIONS = METRICS.map((value) => ({ value, label: METRIC_LABELS[value] }));
const PHASE_OPTIONS = PHASES.map((value) => ({ value, label: PHASE_LABELS[value] }));

/** "3/9/25, 8:30 AM": short, so the table fits a phone's width. */
function when(entry: HistoryEntry): string {
  return new Date(entry.startedAt).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}

/** The rows at `inertia`, or every session at each of its inertias for All; oldest first. */
function progressRows(sessions: readonly ProgressSession[], inertia: number | typeof ALL, metric: Metric, phase: Phase): Row[] {
  const key = figureKey(metric, phase);
  return sessions.flatMap((session): Row[] => {
    const counts = byInertia(session.sets);
    const figures = (at: number) => figuresOver(session.sets.filter((s) => s.inertia === at), key);
    if (inertia !== ALL) return counts.has(inertia) ? [{ session, inertia, figures: figures(inertia) }] : [];
    if (counts.size === 0) return [{ session, inertia: null, figures: figuresOver(session.sets, key) }];
    return [...counts.keys()].sort((a, b) => a - b).map((at) => ({ session, inertia: at, figures: figures(at) }));
  });
}

/** Best and mean lines: one pair at one inertia, a pair per inertia for All, never joining two inertias. */
function progressLines(rows: readonly Row[], single: boolean): ProgressLine[] {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    if (row.inertia === null || row.figures.best === null || row.figures.mean === null) continue;
    groups.set(row.inertia, [...(groups.get(row.inertia) ?? []), row]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([inertia, at], group) => {
      const name = (figure: string) => (single ? figure : `${inertia} kg·m² ${figure.toLowerCase()}`);
      const points = (pick: (f: Row['figures']) => number | null) => at.map((row) => ({ startedAt: row.session.entry.startedAt, value: pick(row.figures)! }));
      return [
        { name: name('Best'), group, dash: 'solid' as const, points: points((f) => f.best) },
        { name: name('Mean'), group, dash: 'dot' as const, points: points((f) => f.mean) },
      ];
    });
}

export function ProgressSection({ sessions: given }: { sessions: readonly ProgressSession[] }): ReactElement {
  const sessions = useMemo(() => [...given].sort((a, b) => a.entry.startedAt - b.entry.startedAt), [given]);
  const [metric, setMetric] = useState<Metric>('velocity');
  const [phase, setPhase] = useState<Phase>('concentric');
  /** The inertia the user chose; null until they choose (the most used one shows). */
  const [chosen, setChosen] = useState<string | null>(null);

  const inertias = useMemo(() => [...new Set(sessions.flatMap((s) => { const counts = byInertia(s.sets); return counts.size === 0 ? s.entry.inertias : [...counts.keys()]; }))].sort((a, b) => a - b), [sessions]);
  const mostUsed = useMemo(() => mostUsedInertia(sessions.map((s) => ({ startedAt: s.entry.startedAt, byInertia: byInertia(s.sets) }))), [sessions]);
  const inertia = chosen !== null && (chosen === ALL || inertias.includes(Number(chosen))) ? chosen : mostUsed === null ? ALL : String(mostUsed);
  const at = inertia === ALL ? ALL : Number(inertia);
  const rows = useMemo(() => progressRows(sessions, at, metric, phase), [sessions, at, metric, phase]);
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
      {
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
                    {at === ALL && <td>{rowInertia ?? session.entry.inertias.join(', ')}</td>}
                    <td>{figures.reps}</td>
                    <td>{figures.best === null ? '–' : figure(figures.best)}</td>
                    <td>{figures.mean === null ? '–' : figure(figures.mean)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      }
    </section>
  );
}
