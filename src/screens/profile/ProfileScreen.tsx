/**
 * Profile (beyond the documented routes): the athlete's inertia profile from the sessions kept on
 * this device. Each set is a point (its inertia, mean concentric velocity and mean angular
 * acceleration), a card whose checkbox leaves it out of the fit (cards, not a table, so every
 * checkbox is in view on a phone). With sets at two or more inertias it shows the linear velocity fit, the logarithmic acceleration fit, their R², and the maximum flywheel load;
 * otherwise it says what is missing. Loaded lazily, and Plotly only with the charts.
 *
 * For a chosen training zone (rules/inertiaProfile `ZONES`, a share of the maximum load) it gives
 * the inertia band, the velocity the fit expects there, and the nearest plates. The guided profile
 * test (/profile/test) makes the sets a profile needs. The session in progress is not here until
 * it is finished (it is not in the history before); the test fits its own sets on the spot.
 *
 * A profile is one athlete doing one exercise (rules/athleteProfile.ts): the screen opens at the
 * athlete up now and their exercise, and either can be chosen. The points come from the sets'
 * records the finished sessions keep (rules/setRecords.ts), so no session is reprocessed.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { SelectField } from '../../components/SelectField';
import type { SessionHistory } from '../../journal/sessionHistory';
import { recordPoints } from '../../rules/athleteProfile';
import { athleteRecords, type Removed } from '../../rules/athleteSets';
import { fitProfile, type ProfileSet } from '../../rules/inertiaProfile';
import { fixed2 } from '../../rules/labels';
import type { SetRecord } from '../../rules/setRecords';
import { useApp } from '../../compose/appContext';
import type { ProfileTestStore } from '../../stores/profileTest';
import { ProfileFits } from './ProfileFits';

/** The finished sessions, newest first, each labelled by when it started, with its sets' records. */
export async function profileSessions(journal: Pick<SessionHistory, 'summaries'>): Promise<{ label: string; sets: SetRecord[]; removed: Removed }[]> {
  return (await journal.summaries()).map((entry) => ({ label: new Date(entry.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }), sets: entry.sets, removed: entry.removedAthletes }));
}

export default function ProfileScreen(): ReactElement {
  useSignals();
  const app = useApp();
  const { attempt } = app.stores.alerts;
  const journal = app.journal.value;
  const state = journal?.state.value ?? { kind: 'opening' };
  const team = app.team.value;
  const [sessions, setSessions] = useState<{ label: string; sets: SetRecord[]; removed: Removed }[] | null>(null);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [athleteId, setAthleteId] = useState<string | null>(null);
  const [exerciseId, setExerciseId] = useState<string | null>(null);
  const athlete = athleteId ?? team?.store.athleteId.value ?? '';
  const exercise = exerciseId ?? team?.exercise.value.id ?? '';

  useEffect(() => {
    if (state.kind === 'open' && journal !== null) void attempt(async () => setSessions(await profileSessions(journal)));
  }, [state.kind, journal]);

  // A profile test under way (its store, kept across pages and reloads): the page says so and leads back to it.
  const [test, setTest] = useState<ProfileTestStore | null>(null);
  useEffect(() => {
    void attempt(async () => setTest(await app.profileTest()));
  }, [app]);
  const testRun = test?.run.value ?? null;

  const sets = useMemo<ProfileSet[] | null>(() => (sessions === null ? null : recordPoints(sessions, athlete, exercise)), [sessions, athlete, exercise]);
  const done = useMemo(() => new Set((sessions ?? []).flatMap((s) => athleteRecords(s.sets, s.removed, { athleteId: athlete }).map((x) => x.exerciseId))), [sessions, athlete]);
  const exerciseOptions = team === null ? [] : [...new Set([exercise, ...done])].map((id) => ({ value: id, label: team.exerciseName(id) }));

  const used = useMemo(() => (sets ?? []).filter((s) => !left.has(s.label)), [sets, left]);
  const fit = useMemo(() => fitProfile(used), [used]);
  const toggle = (label: string) =>
    setLeft((before) => {
      const after = new Set(before);
      if (!after.delete(label)) after.add(label);
      return after;
    });

  return (
    <section className="screen profile">
      <h1>Profile</h1>
      <p className="hint">
        How your output falls as the inertia rises, from the sets of the finished sessions on this device. No sets at enough inertias yet?{' '}
        <Link to="/profile/test">Run a profile test</Link>.
      </p>
      {testRun !== null && !testRun.finished && (
        <p className="notice">
          A profile test is under way: set {testRun.index + 1} of {testRun.steps.length}. <Link to="/profile/test">Go on with the test</Link>
        </p>
      )}
      {state.kind === 'opening' && <p className="hint">Loading…</p>}
      {team !== null && (
        <div className="history__filters">
          <SelectField label="Athlete" value={athlete} options={team.store.roster.value.map((a) => ({ value: a.id, label: a.archived ? `${a.name} (archived)` : a.name }))} onChange={(id) => { setAthleteId(id); setLeft(new Set()); }} />
          <SelectField label="Exercise" value={exercise} options={exerciseOptions} onChange={(id) => { setExerciseId(id); setLeft(new Set()); }} />
        </div>
      )}
      {state.kind === 'unavailable' && <p className="empty">Sessions are not kept on this device: {state.reason}</p>}
      {sets !== null && <ProfileFits fit={fit} sets={used} />}
      {sets !== null && sets.length > 0 && (
        <section aria-labelledby="sets-title">
          <h2 id="sets-title">Sets</h2>
          <ul className="cards-list" aria-label="Sets, newest session first">
            {sets.map((s) => (
              <li key={s.label} className="item-card">
                <label className="check">
                  <input type="checkbox" checked={!left.has(s.label)} onChange={() => toggle(s.label)} />
                  <span className="item-card__title">
                    <span className="visually-hidden">Use </span>
                    {s.label}
                  </span>
                </label>
                <dl className="item-card__figures">
                  <dt>Inertia</dt>
                  <dd>{s.inertia} kg·m²</dd>
                  <dt>Reps</dt>
                  <dd>{s.reps}</dd>
                  <dt>Velocity</dt>
                  <dd>{fixed2(s.velocity)} m/s</dd>
                  <dt>Angular acceleration</dt>
                  <dd>{fixed2(s.angularAcceleration)} rad/s²</dd>
                </dl>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
