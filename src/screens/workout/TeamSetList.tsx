/**
 * The list of sets with who did each (SetList's `who`) once the team has read the athletes and
 * more than one athlete or exercise is in the session. Rides with the set's views (setViews.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { useApp } from '../../compose/appContext';
import type { TagSpan } from '../../rules/setTags';
import { SetList, type SetListProps } from './SetList';

export function TeamSetList(props: SetListProps): ReactElement | null {
  useSignals();
  const team = useApp().team.value;
  const roster = team?.store.roster.value ?? [];
  const tags = (props.rules.tags as readonly TagSpan[] | undefined) ?? [];
  // One athlete doing one exercise all session: the screen above says who, the list need not.
  const mixed = tags.some((t) => t.athleteId !== tags[0]!.athleteId || t.exerciseId !== tags[0]!.exerciseId);
  const who = team === null || !mixed ? undefined : ({ athleteId, exerciseId }: { athleteId: string; exerciseId: string }) => ({ athlete: roster.find((a) => a.id === athleteId)?.name ?? 'Unknown athlete', exercise: team.exerciseName(exerciseId) });
  return <SetList {...props} who={who} />;
}
