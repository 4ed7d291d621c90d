/**
 * The list of sets with who did each (SetList's `who`) once the team has read the athletes. Rides
 * with the set's views (setViews.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { useApp } from '../../compose/appContext';
import { SetList, type SetListProps } from './SetList';

export function TeamSetList(props: SetListProps): ReactElement | null {
  useSignals();
  const team = useApp().team.value;
  const roster = team?.store.roster.value ?? [];
  const who = team === null ? undefined : ({ athleteId, exerciseId }: { athleteId: string; exerciseId: string }) => `${roster.find((a) => a.id === athleteId)?.name ?? 'Unknown athlete'}, ${team.exerciseName(exerciseId)}`;
  return <SetList {...props} who={who} />;
}
