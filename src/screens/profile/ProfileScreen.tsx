/**
 * Profile (beyond the documented routes): the athlete's inertia profile from the sessions kept on
 * this device. Each set is a point (its inertia, mean concentric velocity and mean angular
 * acceleration); the user can leave sets out. With sets at two or more inertias it shows the
 * linear velocity fit, the logarithmic acceleration fit, their R², and the maximum flywheel load;
 * otherwise it says what is missing. Loaded lazily, and Plotly only with the charts.
 *
 * For a chosen training zone (rules/inertiaProfile `ZONES`, a share of the maximum load) it gives
 * the inertia band, the velocity the fit expects there, and the nearest plates.
 *
 * Not yet: a guided profile test, and sets of the session in progress (it is not in the history
 * until it is finished).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactElement } from 'react';
import type { Journaling } from '../../journal/journaling';
import { SelectField } from '../../components/SelectField';
import { fitProfile, sessionPoints, suggestForZone, ZONES, type InertiaProfile, type ProfileSet, type Zone } from '../../rules/inertiaProfile';
import { fixed2 } from '../../rules/labels';
import { PLATE_STEPS, plateInertia } from '../../rules/plates';
import { attempt } from '../../stores/alerts';
import { useApp } from '../../compose/appContext';

const ProfileCharts = lazy(() => import('./ProfileCharts'));
const ZONE_OPTIONS = (Object.keys(ZONES) as Zone[]).map((value) => ({ value, label: ZONES[value].label }));

/** "2 × 0.1 + 1 × 0.025 kg·m²" */
function platesText(plates: readonly number[]): string {
  const used = plates.flatMap((count, i) => (count > 0 ? [`${count} × ${plateInertia(PLATE_STEPS[i]!)}`] : []));
  return used.length === 0 ? 'no plates' : `${used.join(' + ')} kg·m²`;
}

function ZoneSuggestion({ profile }: { profile: InertiaProfile }): ReactElement {
  const [zone, setZone] = useState<Zone>('power');
  const s = suggestForZone(profile, zone);
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

/** Every set of every finished session as a profile point, newest session first. */
export async function profileSets(journal: Journaling): Promise<ProfileSet[]> {
  const sets: ProfileSet[] = [];
  for (const entry of await journal.history()) {
    const { settings, reps, loads } = await journal.recorded(entry.id);
    const label = new Date(entry.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    const how = { radius: settings.radius, restS: settings.setRestS, warmup: settings.warmup, loads };
    sets.push(...sessionPoints(reps, how, label));
  }
  return sets;
}

export default function ProfileScreen(): ReactElement {
  useSignals();
  const journal = useApp().journal.value;
  const state = journal?.state.value ?? { kind: 'opening' };
  const [sets, setSets] = useState<ProfileSet[] | null>(null);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (state.kind === 'open' && journal !== null) void attempt(async () => setSets(await profileSets(journal)));
  }, [state.kind, journal]);

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
      <p className="hint">How your output falls as the inertia rises, from the sets of the finished sessions on this device.</p>
      {state.kind === 'opening' && <p className="hint">Loading…</p>}
      {state.kind === 'unavailable' && <p className="empty">Sessions are not kept on this device: {state.reason}</p>}
      {sets !== null && (fit.ok ? (
        <>
          <dl className="profile__fits">
            <dt>Velocity</dt>
            <dd>
              {fixed2(fit.profile.velocity.intercept)} {fit.profile.velocity.slope < 0 ? '−' : '+'} {fixed2(Math.abs(fit.profile.velocity.slope))} × inertia m/s (R² {fixed2(fit.profile.velocity.r2)})
            </dd>
            <dt>Maximum flywheel load</dt>
            <dd>
              {fit.profile.maxLoad.toFixed(3)} kg·m² (acceleration fit R² {fixed2(fit.profile.acceleration.r2)})
            </dd>
          </dl>
          <ZoneSuggestion profile={fit.profile} />
          <Suspense fallback={<p className="chart chart--loading">Loading chart…</p>}>
            <ProfileCharts sets={used} profile={fit.profile} />
          </Suspense>
        </>
      ) : (
        <p className="empty">{fit.reason}</p>
      ))}
      {sets !== null && sets.length > 0 && (
        <div className="table-wrap">
          <table className="reps">
            <caption>Sets, newest session first</caption>
            <thead>
              <tr>
                <th scope="col">Set</th>
                <th scope="col">Inertia (kg·m²)</th>
                <th scope="col">Reps</th>
                <th scope="col">Velocity (m/s)</th>
                <th scope="col">Angular acceleration (rad/s²)</th>
                <th scope="col">Used</th>
              </tr>
            </thead>
            <tbody>
              {sets.map((s) => (
                <tr key={s.label}>
                  <th scope="row">{s.label}</th>
                  <td>{s.inertia}</td>
                  <td>{s.reps}</td>
                  <td>{fixed2(s.velocity)}</td>
                  <td>{fixed2(s.angularAcceleration)}</td>
                  <td>
                    <input type="checkbox" aria-label={`Use ${s.label}`} checked={!left.has(s.label)} onChange={() => toggle(s.label)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
