/**
 * History (beyond the documented routes): the finished sessions kept on this device, newest
 * first, each a card with its date, reps after the warmup and best value (metric and phase), and
 * its buttons in view at any width (a table would hide them off a phone's screen). A session
 * opens on a page of its own (SessionScreen: every set, as a chart and a table), exports as the
 * session CSV, or is deleted after a confirmation. Above the list, the session being recorded
 * (InProgressCard); below it, the progress across sessions (ProgressSection). Loaded lazily.
 *
 * Decisions where the product rules are silent: opening a session leaves the set on screen alone,
 * so it works while a unit is connected; the export is the same session CSV as the Workout
 * screen's, dated when the session started.
 *
 * Filtered by athlete and exercise (the Team page opens it at one athlete, `?athlete=<id>`): the
 * sessions they trained in, each card's reps and best theirs only (from the sets' records the
 * session keeps), and the progress below over their sets only.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo, useState, type ReactElement } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SelectField } from '../../components/SelectField';
import type { HistoryEntry } from '../../journal/records';
import { repsText } from '../../rules/labels';
import { figureKey, figuresOver, type SetRecord } from '../../rules/setRecords';
import type { Journaling } from '../../journal/journaling';
import { useApp } from '../../compose/appContext';
import { InProgressCard } from './InProgressCard';
import { ProgressSection } from './ProgressSection';
import { best, exportRecorded, when } from './sessionText';

type Entry = HistoryEntry & { sets: SetRecord[] };
const ALL = '';

/** The entry as one athlete's and exercise's: their reps and best (in the session's metric and phase) from their sets. */
function theirs(entry: Entry, sets: readonly SetRecord[]): HistoryEntry {
  if (sets.length === entry.sets.length) return entry;
  const key = entry.best === null ? figureKey('velocity', 'concentric') : figureKey(entry.best.metric, entry.best.phase);
  const figures = figuresOver(sets, key);
  const [metric, phase] = key.split('.') as [NonNullable<HistoryEntry['best']>['metric'], NonNullable<HistoryEntry['best']>['phase']];
  return { ...entry, reps: figures.reps, best: figures.best === null ? null : { value: figures.best, metric, phase } };
}

export default function HistoryScreen(): ReactElement {
  useSignals();
  const app = useApp();
  const { alerts } = app.stores;
  const { attempt } = alerts;
  const journal = app.journal.value;
  const state = journal?.state.value ?? { kind: 'opening' };
  const open = (): Journaling => {
    if (journal === null) throw new Error('The session journal is still opening');
    return journal;
  };
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [confirming, setConfirming] = useState<HistoryEntry | null>(null);
  // The filters live in the address (?athlete=, ?exercise=), so the Team page can link to one athlete's history.
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const athlete = search.get('athlete') ?? ALL;
  const exercise = search.get('exercise') ?? ALL;
  const choose = (key: 'athlete' | 'exercise', value: string) => {
    if (value === ALL) search.delete(key);
    else search.set(key, value);
    navigate({ search: search.toString() }, { replace: true });
  };
  const team = app.team.value;
  const roster = team?.store.roster.value ?? [];

  const refresh = useCallback(() => attempt(async () => setEntries((await journal?.summaries()) ?? null)), [journal]);
  useEffect(() => {
    if (state.kind === 'open') void refresh();
  }, [state.kind, refresh, journal?.revision.value]);

  const matches = (set: SetRecord) => (athlete === ALL || set.athleteId === athlete) && (exercise === ALL || set.exerciseId === exercise);
  const filtered = useMemo(
    () =>
      (entries ?? [])
        .filter((e) => (athlete === ALL || e.athleteIds.includes(athlete)) && (exercise === ALL || e.exerciseIds.includes(exercise)))
        .map((entry) => ({ entry, sets: entry.sets.filter(matches) })),
    [entries, athlete, exercise],
  );
  const athleteOptions = [{ value: ALL, label: 'All athletes' }, ...roster.map((a) => ({ value: a.id, label: a.archived ? `${a.name} (archived)` : a.name }))];
  const exerciseIds = [...new Set((entries ?? []).flatMap((e) => e.exerciseIds))];
  const exerciseOptions = [{ value: ALL, label: 'All exercises' }, ...exerciseIds.map((id) => ({ value: id, label: team?.exerciseName(id) ?? id }))];
  const names = (entry: HistoryEntry) =>
    team === null ? '' : `${entry.athleteIds.map((id) => roster.find((a) => a.id === id)?.name ?? 'Unknown athlete').join(', ')} · ${entry.exerciseIds.map(team.exerciseName).join(', ')}`;

  return (
    <section className="screen history">
      <h1>History</h1>
      <p className="hint">
        {journal?.sync.member() === true ? 'Finished sessions of every device of your team, kept on this device too.' : 'Finished sessions kept on this device only.'}{' '}
        <Link to="/settings/data">What is kept, and how to delete it</Link>
      </p>
      {state.kind === 'opening' && <p className="hint">Loading…</p>}
      {state.kind === 'unavailable' && <p className="empty">Sessions are not kept on this device: {state.reason}</p>}
      {state.kind === 'open' && journal !== null && <InProgressCard journal={journal} when={when} best={best} />}
      {state.kind === 'open' && entries !== null && entries.length > 0 && team !== null && (
        <div className="history__filters">
          <SelectField label="Athlete" value={athlete} options={athleteOptions} onChange={(v) => choose('athlete', v)} />
          <SelectField label="Exercise" value={exercise} options={exerciseOptions} onChange={(v) => choose('exercise', v)} />
        </div>
      )}
      {state.kind === 'open' && entries !== null && entries.length === 0 && <p className="empty">No finished sessions yet.</p>}
      {state.kind === 'open' && entries !== null && entries.length > 0 && filtered.length === 0 && <p className="empty">No finished session of this athlete and exercise yet.</p>}
      {state.kind === 'open' && filtered.length > 0 && (
        <section aria-labelledby="sessions-title">
          <h2 id="sessions-title">Sessions</h2>
          <ul className="cards-list" aria-label="Finished sessions, newest first">
            {filtered.map(({ entry: full, sets }) => {
              const entry = theirs(full, sets);
              return (
              <li key={entry.id} className="item-card">
                <h3 className="item-card__title">{when(entry)}</h3>
                {team !== null && <p className="item-card__facts">{names(full)}</p>}
                <p className="item-card__facts">
                  {repsText(entry.reps)} · best {best(entry)}
                </p>
                <div className="item-card__actions">
                  <Link className="button" to={`/history/${encodeURIComponent(entry.id)}`} aria-label={`Open the session of ${when(entry)}`}>
                    Open
                  </Link>
                  <button type="button" className="button" aria-label={`Export CSV of the session of ${when(entry)}`} onClick={() => void attempt(() => exportRecorded(open(), entry, app.ports.share(), alerts, team?.names()))}>
                    Export CSV
                  </button>
                  <button type="button" className="button" aria-label={`Delete the session of ${when(entry)}`} onClick={() => setConfirming(entry)}>
                    Delete
                  </button>
                </div>
              </li>
              );
            })}
          </ul>
        </section>
      )}
      {filtered.length > 0 && <ProgressSection sessions={filtered} />}
      {confirming !== null && (
        <ConfirmDialog
          title="Delete session?"
          confirmLabel="Delete"
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            await open().remove(confirming.id);
            setConfirming(null);
            await refresh();
          }}
        >
          <p>
            The session of {when(confirming)} ({repsText(confirming.reps)}) and all its samples will be deleted from this device. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
