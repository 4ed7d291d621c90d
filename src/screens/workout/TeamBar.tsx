/**
 * Who trains on the Workout screen: the athlete up now and their exercise, each a button that
 * opens its picker (two taps switch the athlete: this button, then a name), "Next: <name>" with
 * today's order, and "Plan a set" (a prescription from the athlete's profile of the exercise).
 * Below them, a line when there is something to know before the next pull: the set is over and
 * the next athlete comes up once the rope rests; the figures on screen are the last athlete's
 * set, until the one up pulls; the athlete up has no plates for this exercise (with the button
 * that chooses them). Loaded once the team has read the athletes, and each picker when first
 * opened: none of it is on the Workout screen's start-up path.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useApp } from '../../compose/appContext';

export { RateSet } from './RateSet';

const AthleteSwitch = lazy(() => import('./AthleteSwitch'));
const ExercisePicker = lazy(() => import('./ExercisePicker'));
const PlanSet = lazy(() => import('./PlanSet'));

type Open = 'athlete' | 'exercise' | 'plan' | null;

export function TeamBar(): ReactElement | null {
  useSignals();
  const app = useApp();
  const { team: teamSignal, stores } = app;
  const [open, setOpen] = useState<Open>(null);
  const team = teamSignal.value;
  const active = team?.store.active.value ?? null;
  if (team === null || active === null) return null;
  const exercise = team.exercise.value;
  const next = team.next.value;
  const close = () => setOpen(null);
  const name = (id: string | null) => team.store.roster.value.find((a) => a.id === id)?.name ?? 'Unknown athlete';
  const shown = team.shown.value;
  const lastSet = shown.view.rows.length > 0 && shown.view !== app.view.value ? shown.of : null;
  const noPlates = stores.settings.inertia.value === 0;
  return (
    <section className="team-bar" aria-label="Who trains">
      <button type="button" className="team-bar__pick" onClick={() => setOpen('athlete')}>
        <span className="team-bar__kicker">Athlete</span> <span className="team-bar__name">{active.name}</span>
        <span className="visually-hidden">, switch athlete</span>
      </button>
      <button type="button" className="team-bar__pick" onClick={() => setOpen('exercise')}>
        <span className="team-bar__kicker">Exercise</span> <span className="team-bar__name">{exercise.name}</span>
        <span className="visually-hidden">, choose exercise</span>
      </button>
      <div className="team-bar__actions">
        {next !== null && (
          <button type="button" className="button button--primary" onClick={() => void stores.alerts.attempt(() => team.nextAthlete())}>
            Next: {next.name}
          </button>
        )}
        <button type="button" className="button" onClick={() => setOpen('plan')}>
          Plan a set
        </button>
      </div>
      <div className="team-bar__notes" aria-live="polite">
        {team.over.value && next !== null && <p className="hint">Set done: {next.name} comes up once the rope rests. Reps until then are nobody’s.</p>}
        {!team.over.value && lastSet !== null && (
          <p className="hint">
            On screen: {name(lastSet)}’s last set, until {active.name}’s first rep.
          </p>
        )}
        {noPlates && (
          <p className="hint team-bar__plates">
            No plates chosen for {active.name} ({exercise.name}).{' '}
            <button type="button" className="button" aria-label={`Choose plates for ${active.name}`} onClick={() => (stores.workoutHints.workoutDialog.value = 'inertia')}>
              Choose plates
            </button>
          </p>
        )}
      </div>
      <Suspense fallback={null}>
        {open === 'athlete' && <AthleteSwitch team={team} onClose={close} />}
        {open === 'exercise' && <ExercisePicker team={team} onClose={close} />}
        {open === 'plan' && <PlanSet team={team} onClose={close} />}
      </Suspense>
    </section>
  );
}
