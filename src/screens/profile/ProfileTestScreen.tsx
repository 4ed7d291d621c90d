/**
 * The guided profile test (/profile/test): the user picks how many inertias (3–5), the range and
 * the reps per inertia; the screen then walks through the sets lightest first. For each one it
 * names the plates, sets them in the app once the user says they are on (which starts a new set:
 * rules/loads.ts), counts the reps after the set's warmup, and moves on when the user has rested.
 * After the last set it fits the profile from the test's own sets (rules/inertiaProfile.ts), the
 * same way the Profile screen does from the History. The rules are in rules/profileTest.ts.
 *
 * The plan and the progress live in the app's profile test store (stores/profileTest.ts), not in
 * the page: the user goes to the Workout screen and back, or reloads, and finds the test where it
 * was. After a reload its reps are in the unfinished session the journal offers to recover: until
 * it is, the step says so (not "0 / 3 reps") and recovers it here. With the Demo unit the step has
 * its own "Start demo set", for the warmup and the reps.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { SelectField } from '../../components/SelectField';
import { useApp } from '../../compose/appContext';
import { fitProfile, sessionPoints } from '../../rules/inertiaProfile';
import { fixed2 } from '../../rules/labels';
import { planProfileTest, PROFILE_TEST_REPS, PROFILE_TEST_STEPS, stepReps, type ProfileTestPlan, type ProfileTestRun, type ProfileTestStep } from '../../rules/profileTest';
import { messageOf } from '../../shared/messageOf';
import { demoControls } from '../../stores';
import type { ProfileTestStore } from '../../stores/profileTest';
import { platesText, ProfileFits } from './ProfileFits';

type Run = ProfileTestRun;

const STEP_OPTIONS = PROFILE_TEST_STEPS.map((value) => ({ value, label: `${value} inertias` }));
const REP_OPTIONS = PROFILE_TEST_REPS.map((value) => ({ value, label: `${value} reps` }));
const LIGHTEST_OPTIONS = [0.0125, 0.025, 0.05].map((value) => ({ value, label: `${value} kg·m²` }));
const HEAVIEST_OPTIONS = [0.075, 0.1, 0.15, 0.2].map((value) => ({ value, label: `${value} kg·m²` }));

function Setup({ plan, onPlan, onStart, connected }: { plan: ProfileTestPlan; onPlan: (p: ProfileTestPlan) => void; onStart: () => void; connected: boolean }): ReactElement {
  let steps: ProfileTestStep[] | string;
  try {
    steps = planProfileTest(plan);
  } catch (error) {
    steps = messageOf(error);
  }
  return (
    <>
      <div className="profile-test__choices">
        <SelectField label="Inertias" value={plan.steps} options={STEP_OPTIONS} onChange={(steps) => onPlan({ ...plan, steps })} />
        <SelectField label="Reps per inertia" description="after each set's warmup" value={plan.reps} options={REP_OPTIONS} onChange={(reps) => onPlan({ ...plan, reps })} />
        <SelectField label="Lightest" value={plan.lightest} options={LIGHTEST_OPTIONS} onChange={(lightest) => onPlan({ ...plan, lightest })} />
        <SelectField label="Heaviest" value={plan.heaviest} options={HEAVIEST_OPTIONS} onChange={(heaviest) => onPlan({ ...plan, heaviest })} />
      </div>
      {typeof steps === 'string' ? (
        <p className="empty">{steps}</p>
      ) : (
        <ol className="profile-test__plan" aria-label="Planned sets">
          {steps.map((step) => (
            <li key={step.inertia}>
              {step.inertia} kg·m²: {platesText(step.plates)}
            </li>
          ))}
        </ol>
      )}
      {!connected && <p className="hint">Connect the unit to start the test.</p>}
      <button type="button" className="button button--primary" disabled={!connected || typeof steps === 'string'} onClick={onStart}>
        Start the test
      </button>
    </>
  );
}

export default function ProfileTestScreen(): ReactElement {
  const app = useApp();
  const { attempt } = app.stores.alerts;
  const [store, setStore] = useState<ProfileTestStore | null>(null);
  useEffect(() => {
    let current = true;
    void attempt(async () => {
      const loaded = await app.profileTest();
      if (current) setStore(loaded);
    });
    return () => {
      current = false;
    };
  }, [app]);
  return (
    <section className="screen profile-test">
      <h1>Profile test</h1>
      <p className="hint">
        A few reps at each of three to five inertias, lightest first, as fast as you can: the app sets the plates for each set and fits your inertia
        profile at the end.
      </p>
      {store === null ? <p className="hint">Loading…</p> : <ProfileTest store={store} />}
    </section>
  );
}

function ProfileTest({ store }: { store: ProfileTestStore }): ReactElement {
  useSignals();
  const { session, stores, journal } = useApp();
  const offer = journal.value?.offer.value ?? null;
  const { settings, connection, alerts } = stores;
  const { attempt } = alerts;
  const s = settings.current.value;
  const reps = session.reps.value;
  const state = connection.state.value;
  const connected = state.status === 'connected';
  const demo = state.status === 'connected' ? demoControls(state.unit) : null;
  const plan = store.plan.value;
  const run = store.run.value;
  const { setPlan, setRun } = store;
  /** The newest sample's time; reps that start later are the next step's. */
  const newestUs = (): number => session.recent(1).timeUs[0] ?? Number.NEGATIVE_INFINITY;

  const start = () => setRun({ steps: planProfileTest(plan), index: 0, sinceUs: null, startUs: newestUs(), finished: false });
  const platesOn = (current: Run) => {
    settings.update({ plates: [...current.steps[current.index]!.plates] });
    setRun({ ...current, sinceUs: newestUs() });
  };
  const next = (current: Run) =>
    setRun(current.index + 1 < current.steps.length ? { ...current, index: current.index + 1, sinceUs: null } : { ...current, finished: true });

  let body: ReactElement;
  if (run === null) {
    body = <Setup plan={plan} onPlan={setPlan} onStart={start} connected={connected} />;
  } else if (run.finished) {
    const how = { radius: s.radius, restS: s.setRestS, warmup: s.warmup, loads: session.loads.value };
    const sets = sessionPoints(reps.filter((rep) => rep.startUs >= run.startUs), how, 'Test');
    body = (
      <>
        <h2>Your profile</h2>
        <ProfileFits fit={fitProfile(sets)} sets={sets} />
        <p className="hint">
          The test's sets join the <Link to="/profile">Profile</Link> with your other sessions once you end this session (disconnect or Reset).
        </p>
        <button type="button" className="button" onClick={() => setRun(null)}>
          New test
        </button>
      </>
    );
  } else if (offer !== null && run.sinceUs !== null && session.reps.value.length === 0) {
    // Reloaded mid-test: the reps done are in the session the page was recording.
    body = (
      <section className="profile-test__step" aria-labelledby="step-title">
        <h2 id="step-title">
          Set {run.index + 1} of {run.steps.length}: {run.steps[run.index]!.inertia} kg·m²
        </h2>
        <p>The page was reloaded: the reps of the test are in its unfinished session. Recover it to go on where you were.</p>
        <button type="button" className="button button--primary" onClick={() => void attempt(() => journal.value!.recover())}>
          Recover the test’s session
        </button>
        <button type="button" className="button" onClick={() => setRun(null)}>
          Stop the test
        </button>
      </section>
    );
  } else {
    const step = run.steps[run.index]!;
    const done = run.sinceUs === null ? 0 : Math.min(plan.reps, stepReps(reps, run.sinceUs, s.warmup));
    const last = run.sinceUs === null ? undefined : reps.filter((rep) => rep.startUs >= run.sinceUs!).at(-1);
    const isLast = run.index + 1 === run.steps.length;
    body = (
      <section className="profile-test__step" aria-labelledby="step-title">
        <h2 id="step-title">
          Set {run.index + 1} of {run.steps.length}: {step.inertia} kg·m²
        </h2>
        {run.sinceUs === null ? (
          <>
            <p>Put on {platesText(step.plates)}.</p>
            <button type="button" className="button button--primary" onClick={() => platesOn(run)}>
              Plates are on
            </button>
          </>
        ) : (
          <>
            <p>
              Pull {s.warmup} warm-up rep{s.warmup === 1 ? '' : 's'}, then {plan.reps} as fast as you can.
            </p>
            <p className="profile-test__count" aria-live="polite">
              {done} / {plan.reps} reps{last === undefined ? '' : ` · last ${fixed2(last.concentric.velocity)} m/s`}
            </p>
            {demo && done < plan.reps && (
              <button type="button" className="button button--primary" onClick={() => void attempt(async () => void (await demo.startSet(s.warmup + plan.reps)))}>
                Start demo set
              </button>
            )}
            {done >= plan.reps && (
              <>
                <p>{isLast ? 'Last set done.' : 'Set done. Rest, then go on to the next inertia.'}</p>
                <button type="button" className="button button--primary" onClick={() => next(run)}>
                  {isLast ? 'See the profile' : 'Next inertia'}
                </button>
              </>
            )}
          </>
        )}
        {!connected && <p className="hint">The unit is not connected: connect it to go on.</p>}
        <button type="button" className="button" onClick={() => setRun(null)}>
          Stop the test
        </button>
      </section>
    );
  }

  return body;
}
