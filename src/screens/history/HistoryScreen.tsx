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
 * Every card and figure counts the athletes' sets (rules/athleteSets.ts): nobody's reps, and the
 * sets of an athlete taken out of a session, count for no one. Filtered by athlete and exercise
 * (the Team page opens it at one athlete, `?athlete=<id>`): the sessions with a counted rep of
 * theirs (of that athlete doing that exercise: a session where Ana warmed up only, or where
 * someone else squatted, is not hers nor the squat's), each card's reps and best theirs only
 * (from the sets' records the session keeps), and the progress below over their sets only.
 * Deleting from a filtered History offers that athlete's sets alone (DeleteSession.tsx).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo, useState, type ReactElement } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SelectField } from '../../components/SelectField';
import type { HistoryEntry } from '../../journal/records';
import { athleteRecords, athletesIn, type Only, type Removed } from '../../rules/athleteSets';
import { repsText } from '../../rules/labels';
import { figureKey, figuresOver, type SetRecord } from '../../rules/setRecords';
import type { Journaling } from '../../journal/journaling';
import { useApp } from '../../compose/appContext';
import { DeleteSession } from './DeleteSession';
import { InProgressCard } from './InProgressCard';
import { ProgressSection } from './ProgressSection';
import { best, exportRecorded, when } from './sessionText';

type Entry = HistoryEntry & { sets: SetRecord[] };
const ALL = '';

/** A session as a card of the (filtered) History. */
interface Card {
  entry: Entry;
  /** The athletes taken out of it (the record's `removedAthletes`). */
  removed: Removed;
  /** The sets the History is filtered to, each numbered among its athlete's. */
  sets: SetRecord[];
  /** The card's reps and best: theirs, over those sets; the session's own summary where it has no sets' records. */
  shown: HistoryEntry;
  /** Who trained in it and what, their sets' athletes and exercises. */
  athleteIds: string[];
  exerciseIds: string[];
}

/** The entry as a card of the History filtered to `only`; null when it holds no counted rep of theirs. */
function cardOf(entry: Entry, only: Only): Card | null {
  const removed = entry.removedAthletes;
  const filtered = only.athleteId !== undefined || only.exerciseId !== undefined;
  const sets = athleteRecords(entry.sets, removed, only);
  const owned = athleteRecords(entry.sets, removed);
  if (filtered && !sets.some((s) => s.counted > 0)) return null;
  const names = { athleteIds: owned.length > 0 ? athletesIn(owned) : entry.athleteIds, exerciseIds: owned.length > 0 ? [...new Set(owned.map((s) => s.exerciseId))] : entry.exerciseIds };
  // A session kept before its sets' records could be made: its own summary.
  if (entry.sets.length === 0) return { entry, removed, sets, shown: entry, ...names };
  const key = entry.best === null ? figureKey('velocity', 'concentric') : figureKey(entry.best.metric, entry.best.phase);
  const figures = figuresOver(sets, key);
  const [metric, phase] = key.split('.') as [NonNullable<HistoryEntry['best']>['metric'], NonNullable<HistoryEntry['best']>['phase']];
  return { entry, removed, sets, shown: { ...entry, reps: figures.reps, best: figures.best === null ? null : { value: figures.best, metric, phase } }, ...names };
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
  const [confirming, setConfirming] = useState<Card | null>(null);
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

  const only: Only = { ...(athlete === ALL ? {} : { athleteId: athlete }), ...(exercise === ALL ? {} : { exerciseId: exercise }) };
  const cards = useMemo(() => (entries ?? []).flatMap((entry) => cardOf(entry, only) ?? []), [entries, athlete, exercise]);
  const athleteOptions = [{ value: ALL, label: 'All athletes' }, ...roster.map((a) => ({ value: a.id, label: a.archived ? `${a.name} (archived)` : a.name }))];
  const exerciseIds = [...new Set((entries ?? []).flatMap((e) => cardOf(e, {})?.exerciseIds ?? []))];
  const exerciseOptions = [{ value: ALL, label: 'All exercises' }, ...exerciseIds.map((id) => ({ value: id, label: team?.exerciseName(id) ?? id }))];
  const nameOf = (id: string) => roster.find((a) => a.id === id)?.name ?? 'Unknown athlete';
  const names = (card: Card) => (team === null ? '' : `${card.athleteIds.map(nameOf).join(', ')} · ${card.exerciseIds.map(team.exerciseName).join(', ')}`);

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
      {state.kind === 'open' && entries !== null && entries.length > 0 && cards.length === 0 && <p className="empty">No finished session of this athlete and exercise yet.</p>}
      {state.kind === 'open' && cards.length > 0 && (
        <section aria-labelledby="sessions-title">
          <h2 id="sessions-title">Sessions</h2>
          <ul className="cards-list" aria-label="Finished sessions, newest first">
            {cards.map((card) => {
              const entry = card.shown;
              return (
              <li key={entry.id} className="item-card">
                <h3 className="item-card__title">{when(entry)}</h3>
                {team !== null && <p className="item-card__facts">{names(card)}</p>}
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
                  <button type="button" className="button button--delete" aria-label={`Delete the session of ${when(entry)}`} onClick={() => setConfirming(card)}>
                    Delete
                  </button>
                </div>
              </li>
              );
            })}
          </ul>
        </section>
      )}
      {cards.length > 0 && <ProgressSection sessions={cards.map(({ entry, sets }) => ({ entry, sets }))} />}
      {confirming !== null && (
        <DeleteSession
          journal={open()}
          session={{ id: confirming.entry.id, startedAt: confirming.entry.startedAt, sets: confirming.entry.sets, removed: confirming.removed, reps: confirming.shown.reps }}
          athleteId={athlete === ALL ? null : athlete}
          name={nameOf}
          onCancel={() => setConfirming(null)}
          onDone={async () => {
            setConfirming(null);
            await refresh();
          }}
        />
      )}
    </section>
  );
}
