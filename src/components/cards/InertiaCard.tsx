/**
 * SPEC §2 Inertia card: the workout inertia in kg·m², a windup icon when Windup on Reset is on
 * and the boost percent when the motor boost is on. Pressing it opens the Inertia dialog.
 */
import type { ReactElement } from 'react';
import { boostLabel } from '../../rules/labels';
import { BoostIcon, WindupIcon } from '../icons';

export interface InertiaCardProps {
  inertia: number;
  windupOnReset: boolean;
  boost: number;
  onOpen: () => void;
}

export function InertiaCard({ inertia, windupOnReset, boost, onOpen }: InertiaCardProps): ReactElement {
  return (
    <button type="button" className="card" aria-haspopup="dialog" onClick={onOpen}>
      <span className="card__title">Inertia</span>
      <span className="card__value">
        {inertia} <span className="card__unit">kg·m²</span>
      </span>
      <span className="card__icons">
        {windupOnReset && (
          <span className="card__badge" title="Windup on Reset">
            <WindupIcon />
            <span className="visually-hidden">Windup on Reset</span>
          </span>
        )}
        {boost > 0 && (
          <span className="card__badge" title="Overload Boost">
            <BoostIcon />
            <span className="visually-hidden">Overload Boost</span> {boostLabel(boost)}
          </span>
        )}
      </span>
    </button>
  );
}
