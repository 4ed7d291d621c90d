/**
 * Settings → General (the product rules are silent on where these live): the docs/behaviour.md §3 fields that shape every
 * figure — body mass, sampling rate, shaft radius and the two "calculate" flags. Applied on Save,
 * not per keystroke, because each change reprocesses the whole session. The body mass is the
 * athlete's up now (kept with them, team/team.ts); the rest is the device's.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactElement } from 'react';
import { NumberField } from '../../components/NumberField';
import { RANGES } from '../../engine/ranges';
import { Toggle } from '../../components/Toggle';
import { useApp } from '../../compose/appContext';

export default function GeneralSettings(): ReactElement {
  useSignals();
  const app = useApp();
  const { alerts, settings } = app.stores;
  const athlete = app.team.value?.store.active.value?.name ?? null;
  const { attempt, showStatus } = alerts;
  const s = settings.current.value;
  const [mass, setMass] = useState<number | null>(s.mass);
  const [hz, setHz] = useState<number | null>(s.hz);
  const [radius, setRadius] = useState<number | null>(s.radius);
  const [calcV, setCalcV] = useState(s.calcAngularVelocity);
  const [calcA, setCalcA] = useState(s.calcAngularAcceleration);
  const valid = mass !== null && hz !== null && radius !== null;

  return (
    <form
      className="form"
      aria-label="Athlete and processing"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        void attempt(() => {
          settings.update({ mass, hz, radius, calcAngularVelocity: calcV, calcAngularAcceleration: calcA });
          showStatus('Settings saved');
        });
      }}
    >
      <h2>Athlete and processing</h2>
      <NumberField label={athlete === null ? 'Body mass' : `Body mass of ${athlete}`} unit="kg" value={s.mass} min={RANGES.mass.min} max={RANGES.mass.max} onChange={setMass} />
      <NumberField label="Sampling rate" unit="Hz" value={s.hz} min={RANGES.hz.min} max={RANGES.hz.max} onChange={setHz} />
      <NumberField label="Shaft radius" unit="m" value={s.radius} min={RANGES.radius.min} max={RANGES.radius.max} onChange={setRadius} />
      <Toggle
        title="Calculate angular velocity"
        description="Derive it from the resampled angle instead of the unit's value"
        checked={calcV}
        onChange={setCalcV}
      />
      <Toggle
        title="Calculate angular acceleration"
        description="Derive it from the resampled signal instead of the unit's value"
        checked={calcA}
        onChange={setCalcA}
      />
      <button type="submit" className="button button--primary" disabled={!valid}>
        Save
      </button>
    </form>
  );
}
