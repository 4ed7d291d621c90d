/**
 * The big live number as the athlete up now wants it: the metric, or their eccentric/concentric
 * ratio judged against their ratio target (LiveNumber's `ratio`), with how many of the set's reps
 * met it. The ratio is known once a rep's return is over: meanwhile the last rep with one stays
 * on the number, which says the next rep is under way. Rides with the set's views (setViews.ts),
 * not the start-up.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { useApp } from '../../compose/appContext';
import { ratioSummary } from '../../rules/overloadTarget';
import { LiveNumber, type LiveNumberProps } from './LiveNumber';

export function BigNumber(props: LiveNumberProps): ReactElement {
  useSignals();
  const app = useApp();
  const rows = (app.team.value?.shown.value.view ?? app.view.value).rows;
  const newest = rows.at(-1);
  const underWay = (row: LiveNumberProps['row']) => (newest !== undefined && newest.underWay && newest !== row ? newest.count : null);
  const athlete = app.team.value?.store.active.value ?? null;
  if (athlete === null || athlete.settings.bigNumber !== 'ratio') return <LiveNumber {...props} underWay={underWay(props.row)} />;
  const target = athlete.settings.ratioTarget;
  const row = rows.findLast((r) => r.overload !== null) ?? props.row;
  const closed = rows.flatMap((row) => (row.overload === null ? [] : [{ count: row.count, peakPowerRatio: row.overload.peak, meanPowerRatio: row.overload.mean }]));
  return <LiveNumber {...props} row={row} underWay={underWay(row)} ratio={{ ratio: target?.ratio ?? 'peakPowerRatio', target, summary: target === null ? null : ratioSummary(closed, target) }} />;
}
