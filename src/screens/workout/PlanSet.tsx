/**
 * "Plan a set": from the profile of the athlete up now doing their exercise (their sets of it in
 * the finished sessions, rules/athleteProfile.ts) and a goal, the plates and velocity Zone of
 * rules/prescription.ts, with every number it used; "Apply" puts the plates on and sets the Zone
 * on mean concentric velocity (and, for eccentric overload, the ratio target with the ratio as the
 * big number). Without enough sets it says what is missing. Loaded when first opened.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Dialog, DialogButtons } from '../../components/Dialog';
import { SelectField } from '../../components/SelectField';
import { useApp } from '../../compose/appContext';
import type { Team } from '../../team/team';
import { recordPoints } from '../../rules/athleteProfile';
import { ZONES, type ProfileSet, type Zone } from '../../rules/inertiaProfile';
import { fixed2 } from '../../rules/labels';
import { formatRatio, OVERLOAD_RATIO_LABELS } from '../../rules/overloadTarget';
import { PLATE_STEPS, plateInertia } from '../../rules/plates';
import { GOALS, prescribe, type Prescription } from '../../rules/prescription';
import { withBand } from '../../rules/targetBands';

const GOAL_OPTIONS = GOALS.map((goal) => ({ value: goal, label: ZONES[goal].label }));
const percent = (share: number) => `${Math.round(share * 100)} %`;

/** "1 × 0.05 + 1 × 0.025 kg·m²" */
function platesText(plates: readonly number[]): string {
  return PLATE_STEPS.flatMap((step, i) => (plates[i]! > 0 ? [`${plates[i]} × ${plateInertia(step)}`] : [])).join(' + ') + ' kg·m²';
}

function Proposal({ p }: { p: Prescription }): ReactElement {
  const { band, share, profile, sets, scatter } = p.used;
  const low = p.expectedVelocity - p.halfWidth;
  const high = p.expectedVelocity + p.halfWidth;
  return (
    <>
      <dl className="facts" aria-label="Proposal">
        <dt>Plates</dt>
        <dd>{platesText(p.plates)}</dd>
        <dt>Inertia</dt>
        <dd>
          {p.inertia} kg·m² ({percent(p.relativeLoad)} of the maximum load)
        </dd>
        <dt>Zone</dt>
        <dd>
          {fixed2(low)}–{fixed2(high)} m/s mean concentric velocity
        </dd>
        {p.overload !== null && (
          <>
            <dt>Overload</dt>
            <dd>
              {OVERLOAD_RATIO_LABELS[p.overload.ratio]} ≥ {formatRatio(p.overload.min)}
            </dd>
          </>
        )}
      </dl>
      <p className="dialog__note">
        From {sets} sets: maximum flywheel load {profile.maxLoad.toFixed(3)} kg·m² (acceleration fit R² {fixed2(profile.acceleration.r2)}); the goal’s band {percent(share[0])}–{percent(share[1])} of it is{' '}
        {band[0].toFixed(3)}–{band[1].toFixed(3)} kg·m²; their velocity line v = {fixed2(profile.velocity.intercept)} {profile.velocity.slope < 0 ? '−' : '+'} {fixed2(Math.abs(profile.velocity.slope))} × I (R²{' '}
        {fixed2(profile.velocity.r2)}) gives {fixed2(p.expectedVelocity)} m/s at {p.inertia} kg·m², ± {fixed2(p.halfWidth)} m/s (the scatter of their sets about it is {fixed2(scatter)} m/s).
      </p>
    </>
  );
}

export default function PlanSet({ team, onClose }: { team: Team; onClose: () => void }): ReactElement {
  useSignals();
  const app = useApp();
  const { settings, alerts } = app.stores;
  const journal = app.journal.value;
  const athlete = team.store.active.value;
  const exercise = team.exercise.value;
  const [goal, setGoal] = useState<Zone>('power');
  const [points, setPoints] = useState<ProfileSet[] | null>(null);

  useEffect(() => {
    if (journal === null || athlete === null) return;
    void alerts.attempt(async () => {
      const sessions = (await journal.summaries()).map((s) => ({ label: new Date(s.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }), sets: s.sets, removed: s.removedAthletes }));
      setPoints(recordPoints(sessions, athlete.id, exercise.id));
    });
  }, [journal, athlete?.id, exercise.id]);

  const result = useMemo(() => (points === null ? null : prescribe(points, goal)), [points, goal]);
  const apply = (p: Prescription) =>
    void alerts.attempt(() => {
      const s = settings.current.peek();
      settings.update({ plates: p.plates, metric: 'velocity', phase: 'concentric', target: 'Zone', targets: withBand(s.targets, 'velocity', 'concentric', p.zone.band) });
      if (p.overload !== null) team.updateActive({ ratioTarget: p.overload, bigNumber: 'ratio' });
      alerts.showStatus(`${athlete?.name ?? 'The athlete'}: ${platesText(p.plates)}, a Zone of ${fixed2(p.expectedVelocity - p.halfWidth)}–${fixed2(p.expectedVelocity + p.halfWidth)} m/s.`);
      onClose();
    });

  return (
    <Dialog
      title="Plan a set"
      onClose={onClose}
      actions={<DialogButtons onCancel={onClose} confirmLabel="Apply" confirmDisabled={result === null || !result.ok} onConfirm={() => result?.ok && apply(result.prescription)} />}
    >
      <p className="dialog__lead">
        {athlete?.name}, {exercise.name}: plates and a velocity Zone from their profile of this exercise.
      </p>
      <SelectField label="Goal" value={goal} options={GOAL_OPTIONS} onChange={setGoal} />
      {journal === null && <p className="dialog__note">Sessions are not kept on this device, so there is no profile to plan from.</p>}
      {journal !== null && result === null && <p className="hint">Reading their sets…</p>}
      {result !== null && !result.ok && <p className="dialog__note">{result.reason}</p>}
      {result !== null && result.ok && <Proposal p={result.prescription} />}
    </Dialog>
  );
}
