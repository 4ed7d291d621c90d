/**
 * The session's sets, once there is more than one: a compact line per set (reps, best and mean
 * of the chosen metric and phase, velocity loss, work, eccentric overload), the current set
 * last. Sets are split at rests longer than the set rest (rules/sets).
 */
import type { ReactElement } from 'react';
import type { Metric, Rep } from '../../engine/types';
import { fixed2, type Phase } from '../../rules/labels';
import { sessionSets, type SetSummary } from '../../rules/sets';

export interface SetListProps {
  reps: readonly Rep[];
  restS: number;
  warmup: number;
  metric: Metric;
  phase: Phase;
  unit: string;
}

function line(set: SetSummary, unit: string): string {
  const figures = [
    `${set.counted} rep${set.counted === 1 ? '' : 's'}`,
    set.best === null ? null : `best ${fixed2(set.best)}\u00a0${unit}`,
    set.mean === null ? null : `mean ${fixed2(set.mean)}\u00a0${unit}`,
    `velocity loss ${set.velocityLoss.toFixed(1)}\u00a0%`,
    `work ${Math.round(set.work)}\u00a0J`,
    set.overload > 0 ? `overload ${fixed2(set.overload)}` : null,
  ];
  return figures.filter((f) => f !== null).join(' · ');
}

export function SetList({ reps, restS, warmup, metric, phase, unit }: SetListProps): ReactElement | null {
  const sets = sessionSets(reps, restS, warmup, metric, phase);
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
