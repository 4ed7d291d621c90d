/**
 * The big live number as the athlete up now wants it: the metric, or their eccentric/concentric
 * ratio judged against their ratio target (LiveNumber's `ratio`), with how many of the set's reps
 * met it. Rides with the set's views (setViews.ts), not the start-up.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { useApp } from '../../compose/appContext';
import { ratioSummary } from '../../rules/overloadTarget';
import { LiveNumber, type LiveNumberProps } from './LiveNumber';

export function BigNumber(props: LiveNumberProps): ReactElement {
  useSignals();
  const app = useApp();
  const athlete = app.team.value?.store.active.value ?? null;
  if (athlete === null || athlete.settings.bigNumber !== 'ratio') return <LiveNumber {...props} />;
  const target = athlete.settings.ratioTarget;
  const closed = (app.team.value?.shown.value.view ?? app.view.value).rows.flatMap((row) => (row.overload === null ? [] : [{ count: row.count, peakPowerRatio: row.overload.peak, meanPowerRatio: row.overload.mean }]));
  return <LiveNumber {...props} ratio={{ ratio: target?.ratio ?? 'peakPowerRatio', target, summary: target === null ? null : ratioSummary(closed, target) }} />;
}
