/**
 * The session's sets, once there is more than one: a compact line per set (its plates' inertia
 * and boost, reps, best and mean of the chosen metric and phase, velocity loss, work, eccentric
 * overload), the current set last. Sets are split at rests longer than the set rest and at load
 * changes (rules/sets).
 */
import type { ReactElement } from 'react';
import type { Rep } from '../../engine/types';
import { boostLabel, fixed2 } from '../../rules/labels';
import { sessionSets, type SetRules, type SetSummary } from '../../rules/sets';

export interface SetListProps {
  reps: readonly Rep[];
  rules: SetRules;
  unit: string;
}

function line(set: SetSummary, unit: string): string {
  const figures = [
    set.load === null ? null : `${set.load.inertia} kg·m², boost ${boostLabel(set.load.boost)}`,
    `${set.counted} rep${set.counted === 1 ? '' : 's'}`,
    set.best === null ? null : `best ${fixed2(set.best)}\u00a0${unit}`,
    set.mean === null ? null : `mean ${fixed2(set.mean)}\u00a0${unit}`,
    `velocity loss ${set.velocityLoss.toFixed(1)}\u00a0%`,
    `work ${Math.round(set.work)}\u00a0J`,
    set.overload > 0 ? `overload ${fixed2(set.overload)}` : null,
  ];
  return figures.filter((f) => f !== null).join(' · ');
}

export function SetList({ reps, rules, unit }: SetListProps): ReactElement | null {
  const sets = sessionSets(reps, rules);
  if (sets.length < 2) return null;
  return (
    <section className="set-list" aria-labelledby="set-list-title">
      <h2 id="set-list-title">Sets</h2>
      <ol>
        {sets.map((set) => (
          <li key={set.index} aria-current={set.index === sets.length - 1 ? 'step' : undefined}>
            <strong>Set {set.index + 1}</strong>
            {set.index === sets.length - 1 && ' (current)'}: {line(set, unit)}
          </li>
        ))}
      </ol>
    </section>
  );
}
