/**
 * An athlete's name and body mass as the dialogs that make or change one ask for them (Workout →
 * "Who trains?" → new athlete, Team → Change): the name up to ATHLETE_NAME_MAX characters, the
 * mass within the engine's range (null while the field holds no valid number).
 */
import type { ReactElement } from 'react';
import { NumberField } from '../../components/NumberField';
import { RANGES } from '../../engine/ranges';
import { ATHLETE_NAME_MAX } from '../../rules/athletes';

export function AthleteFields({ id, name, mass, onName, onMass }: { id: string; name: string; mass: number | null; onName: (name: string) => void; onMass: (kg: number | null) => void }): ReactElement {
  return (
    <>
      <div className="field">
        <label htmlFor={id}>Name</label>
        <input id={id} type="text" maxLength={ATHLETE_NAME_MAX} value={name} autoComplete="off" onChange={(e) => onName(e.target.value)} />
      </div>
      <NumberField label="Body mass" unit="kg" value={mass} min={1} max={RANGES.mass.max} onChange={(value, ok) => onMass(ok ? value : null)} />
    </>
  );
}
