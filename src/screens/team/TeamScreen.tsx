/**
 * The Team page (/team, lazy): the squad at a glance, then its athletes and exercises. One card
 * per athlete not archived with their last session (rules/teamView.ts: its date and exercise, the
 * best and mean concentric velocity of that exercise there, the velocity loss of its last set, and
 * the change of the mean against their previous session of that exercise at the same load),
 * sortable by any of them; an athlete's name opens their History. Cards rather than a table so
 * every figure and button is in view on a phone. Each card says the load its figures are at, and
 * what its change is against (or why there is none). The figures come from the sets' records the
 * finished sessions keep (rules/setRecords.ts), and the session being recorded counts with its
 * sets so far, so mid-training the coach sees today's sets: no finished session is reprocessed.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { SelectField } from '../../components/SelectField';
import { useApp } from '../../compose/appContext';
import { fixed2 } from '../../rules/labels';
import { setRecords } from '../../rules/setRecords';
import { sortTeamRows, teamRows, type LastSession, type TeamColumn, type TeamRow, type TeamSession } from '../../rules/teamView';
import { TeamRoster } from './TeamRoster';

const SORTS: { value: TeamColumn; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'date', label: 'Last session' },
  { value: 'exercise', label: 'Exercise' },
  { value: 'best', label: 'Best velocity' },
  { value: 'mean', label: 'Mean velocity' },
  { value: 'velocityLoss', label: 'Velocity loss' },
  { value: 'change', label: 'Change' },
];

const day = (ms: number) => new Date(ms).toLocaleDateString(undefined, { dateStyle: 'medium' });
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(1)}\u00a0%`;
const load = (inertia: number | null) => (inertia === null ? 'unknown plates' : `${inertia}\u00a0kg·m²`);

/** "−9.2 % against Jun 2", "none at 0.0625 kg·m² before (Jun 1: 0.125 kg·m²)", "first session of it". */
function changeText(last: LastSession): string {
  if (last.change !== null && last.previous !== null) return `${signed(last.change)} against ${day(last.previous.startedAt)}`;
  if (last.otherLoad !== null) return `none at ${load(last.inertia)} before (${day(last.otherLoad.startedAt)}: ${load(last.otherLoad.inertia)})`;
  return 'first session of it';
}

function TeamCard({ row, exerciseName }: { row: TeamRow; exerciseName: (id: string) => string }): ReactElement {
  const last = row.last;
  return (
    <li className="item-card">
      <h3 className="item-card__title">
        <Link to={`/history?athlete=${encodeURIComponent(row.athleteId)}`} aria-label={`${row.name}: open their history`}>
          {row.name}
        </Link>
      </h3>
      {last === null ? (
        <p className="item-card__facts">No session yet.</p>
      ) : (
        <>
          <p className="item-card__facts">
            {last.inProgress ? 'Today, in progress' : day(last.startedAt)} · {exerciseName(last.exerciseId)} at {load(last.inertia)}
            {last.sets > 1 ? ` · ${last.sets} sets` : ''}
          </p>
          <dl className="item-card__figures">
            <dt>Best velocity</dt>
            <dd>{fixed2(last.best)}&nbsp;m/s</dd>
            <dt>Mean velocity</dt>
            <dd>{fixed2(last.mean)}&nbsp;m/s</dd>
            <dt>Velocity loss, last set</dt>
            <dd>{last.velocityLoss.toFixed(1)}&nbsp;%</dd>
            <dt>Change of the mean</dt>
            <dd>{changeText(last)}</dd>
          </dl>
        </>
      )}
    </li>
  );
}

export default function TeamScreen(): ReactElement {
  useSignals();
  const app = useApp();
  const { attempt } = app.stores.alerts;
  const journal = app.journal.value;
  const team = app.team.value;
  const roster = team?.store.roster.value ?? [];
  const revision = journal?.revision.value ?? 0;
  const [sessions, setSessions] = useState<TeamSession[] | null>(null);
  const [recording, setRecording] = useState<{ id: string; startedAt: number } | null>(null);
  const { reps, loads, tags, notes } = app.session;
  const s = app.stores.settings.current.value;
  const [column, setColumn] = useState<TeamColumn>('name');
  const [direction, setDirection] = useState<'ascending' | 'descending'>('ascending');

  const open = journal?.state.value.kind === 'open';
  useEffect(() => {
    if (journal === null || !open) return;
    void attempt(async () => {
      setSessions((await journal.summaries()).map((entry) => ({ id: entry.id, startedAt: entry.startedAt, sets: entry.sets, removed: entry.removedAthletes })));
      setRecording(await journal.inProgress());
    });
  }, [journal, open, revision, app.session.live.value]);

  // The session on the Workout screen, with its sets so far.
  const unkept = journal?.state.value.kind === 'unavailable';
  const live = useMemo((): TeamSession | null => {
    if (reps.value.length === 0 || tags.value.length === 0 || (recording === null && !unkept)) return null;
    const sets = setRecords(reps.value, { restS: s.setRestS, loads: loads.value, tags: tags.value, notes: notes.value, warmup: s.warmup, radius: s.radius });
    return { id: recording?.id ?? 'on screen', startedAt: recording?.startedAt ?? Date.now(), sets, inProgress: true };
  }, [reps.value, loads.value, tags.value, notes.value, s.setRestS, s.warmup, s.radius, recording, unkept]);

  // Where sessions are not kept, every athlete is listed with the session on screen only.
  const finished = unkept ? [] : sessions;
  const kept = finished === null ? null : live === null ? finished : [...finished.filter((f) => f.id !== live.id), live];
  const rows = useMemo(
    () => (team === null || kept === null ? [] : sortTeamRows(teamRows(roster, kept), column, direction, team.exerciseName)),
    [team, roster, kept, column, direction],
  );

  return (
    <section className="screen team">
      <h1>Team</h1>
      <p className="hint">Each athlete’s last session, from the sessions kept on this device. Tap a name to open their history.</p>
      {(team === null || kept === null) && <p className="hint">Loading…</p>}
      {team !== null && (
        <>
          <div className="toolbar" role="group" aria-label="Sort">
            <SelectField label="Sort by" inline value={column} options={SORTS} onChange={setColumn} />
            <div className="segmented" role="group" aria-label="Order">
              <button type="button" aria-pressed={direction === 'ascending'} onClick={() => setDirection('ascending')}>
                Ascending
              </button>
              <button type="button" aria-pressed={direction === 'descending'} onClick={() => setDirection('descending')}>
                Descending
              </button>
            </div>
          </div>
          <ul className="cards-list" aria-label="Athletes’ last sessions">
            {rows.map((row) => (
              <TeamCard key={row.athleteId} row={row} exerciseName={team.exerciseName} />
            ))}
          </ul>
          <TeamRoster team={team} />
        </>
      )}
    </section>
  );
}
