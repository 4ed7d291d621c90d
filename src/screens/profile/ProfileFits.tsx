/**
 * An inertia profile as the user reads it, shared by the Profile screen and the profile test:
 * the velocity line and the maximum flywheel load with their R², a zone's plates, and the charts
 * (Plotly loads with them, not before); or, when the sets cannot determine a fit, why not.
 */
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { SelectField } from '../../components/SelectField';
import { suggestForZone, ZONES, type ProfileFit, type ProfileSet, type Zone } from '../../rules/inertiaProfile';
import { fixed2 } from '../../rules/labels';
import { PLATE_STEPS, plateInertia } from '../../rules/plates';

const ProfileCharts = lazy(() => import('./ProfileCharts'));
const ZONE_OPTIONS = (Object.keys(ZONES) as Zone[]).map((value) => ({ value, label: ZONES[value].label }));

/** "2 × 0.1 + 1 × 0.025 kg·m²" */
export function platesText(plates: readonly number[]): string {
  const used = plates.flatMap((count, i) => (count > 0 ? [`${count} × ${plateInertia(PLATE_STEPS[i]!)}`] : []));
  return used.length === 0 ? 'no plates' : `${used.join(' + ')} kg·m²`;
}

function ZoneSuggestion({ fit }: { fit: Extract<ProfileFit, { ok: true }> }): ReactElement {
  const [zone, setZone] = useState<Zone>('power');
  const s = suggestForZone(fit.profile, zone);
  const pct = (x: number) => `${Math.round(x * 100)} %`;
  return (
    <div className="profile__zone">
      <SelectField label="Training zone" value={zone} options={ZONE_OPTIONS} onChange={setZone} />
      <p>
        {ZONES[zone].label}: {pct(ZONES[zone].from)}–{pct(ZONES[zone].to)} of the maximum load, {s.inertia[0].toFixed(3)}–{s.inertia[1].toFixed(3)} kg·m²,
        where you should pull {fixed2(s.velocity[0])}–{fixed2(s.velocity[1])} m/s. Plates: {platesText(s.plates)} ({s.total} kg·m²).
      </p>
    </div>
  );
}

export function ProfileFits({ fit, sets }: { fit: ProfileFit; sets: readonly ProfileSet[] }): ReactElement {
  if (!fit.ok) return <p className="empty">{fit.reason}</p>;
  const { velocity, acceleration, maxLoad } = fit.profile;
  return (
    <>
      <dl className="profile__fits">
        <dt>Velocity</dt>
        <dd>
          {fixed2(velocity.intercept)} {velocity.slope < 0 ? '−' : '+'} {fixed2(Math.abs(velocity.slope))} × inertia m/s (R² {fixed2(velocity.r2)})
        </dd>
        <dt>Maximum flywheel load</dt>
        <dd>
          {maxLoad.toFixed(3)} kg·m² (acceleration fit R² {fixed2(acceleration.r2)})
        </dd>
      </dl>
      <ZoneSuggestion fit={fit} />
      <Suspense fallback={<p className="chart chart--loading">Loading chart…</p>}>
        <ProfileCharts sets={sets} profile={fit.profile} />
      </Suspense>
    </>
  );
}
