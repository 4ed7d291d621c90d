/**
 * docs/behaviour.md §2 Workout screen. It only lays out the pieces; each piece reads the signals it needs,
 * and every figure comes from the one `workoutView` derived from the engine's reps.
 *
 * The empty-state text is docs/behaviour.md §1's, with the product's name where the rules write "the
 * product" for it. Beyond the product rules: a quiet hint says when the screen may dim during the
 * workout, a line says when the unit's samples were skipped or its clock broke, and one says when
 * the chosen target type has no target for the metric and phase on screen (they are not judged). The big live
 * number shows once there is a rep; a metric that needs the inertia while no plates are chosen
 * shows "–" everywhere, and the set's view says so with a button to the Inertia dialog.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { useOnDemand } from '../../components/onDemand';
import { METRIC_LABELS, METRIC_UNITS } from '../../rules/labels';
import { lacksInertia } from '../../rules/inertiaMetrics';
import type { WorkoutSettings } from '../../rules/settingsModel';

import { useApp } from '../../compose/appContext';
import { PhaseBar } from './PhaseBar';
import { ResetBar } from './ResetBar';
import { WorkoutCards } from './WorkoutCards';
import { WorkoutToolbar } from './WorkoutToolbar';
import { loadRepChart, loadSetViews, loadTeamViews } from './setViews';


export const EMPTY_TEXT = 'Start to use Repline, make sure your unit is connected';
/** The empty state once a unit is connected (after Reset, or before the first rep): the next step is the rope. */
export const READY_TEXT = 'The unit is connected: pull the rope to start a set.';

export function WorkoutScreen(): ReactElement {
  useSignals();
  const app = useApp();
  const { alerts, settings, workoutHints, connection } = app.stores;
  const { wakeLockHint, workoutDialog } = workoutHints;
  const s = settings.current.value;
  // The set in progress, or the last one until the next athlete's first rep (team/team.ts `shown`).
  const view = app.team.value?.shown.value.view ?? app.view.value;
  const streamNote = app.streamNote;
  const unit = METRIC_UNITS[s.metric];
  const unknown = lacksInertia(s.metric, settings.inertia.value);
  const unitConnected = connection.state.value.status !== 'disconnected';
  const graph = s.view === 'graph';
  const views = useOnDemand(loadSetViews, unitConnected || view.rows.length > 0);
  const RepChart = useOnDemand(loadRepChart, graph && (unitConnected || view.rows.length > 0));
  const teamViews = useOnDemand(loadTeamViews, app.team.value !== null);
  const change = (patch: Partial<WorkoutSettings>) => void alerts.attempt(() => settings.update(patch));

  return (
    <section className="screen workout">
      <h1>Workout</h1>
      {teamViews && <teamViews.TeamBar />}
      {wakeLockHint.value !== null && <p className="hint">{wakeLockHint.value}</p>}
      {streamNote.value !== null && <p className="hint stream-note">{streamNote.value}</p>}
      <WorkoutToolbar
        metric={s.metric}
        onMetric={(metric) => change({ metric })}
        view={s.view}
        onView={(v) => change({ view: v })}
        canExport={view.rows.length > 0 || app.session.reps.value.length > 0}
        onExport={app.exportLiveSession}
      />
      <WorkoutCards />
      {views !== null && s.target !== 'None' && view.judged === 'None' && (
        <views.TargetUnset target={s.target} metric={s.metric} phase={s.phase} onSet={() => (workoutDialog.value = 'target')} />
      )}
      {/* On a wide screen the big number stands beside the chart (app.css), so both are above the fold. */}
      <div className="workout__stage">
        <div className="workout__now">
          {views !== null && view.rows.length > 0 && (
            <views.LiveNumber
              row={view.latestRow}
              phase={s.phase}
              unit={unit}
              counted={view.counted}
              goal={view.goal}
              setDone={view.setDone}
              completeBelow={view.setComplete ? view.drop : null}
              unknown={unknown}
            />
          )}
          <PhaseBar
            phase={s.phase}
            latest={unknown ? null : view.latest}
            best={unknown ? null : view.best}
            bestChange={view.bestChange}
            unit={unit}
            onSwap={() => change({ phase: s.phase === 'concentric' ? 'eccentric' : 'concentric' })}
          />
        </div>
        <div className="workout__reps">
          {view.rows.length === 0 ? (
            <p className="empty">{unitConnected ? READY_TEXT : EMPTY_TEXT}</p>
          ) : views === null ? (
            <p className="hint">Loading the set…</p>
          ) : (
            <views.RepsView
              view={s.view}
              rows={view.rows}
              phase={s.phase}
              target={view.judged}
              currentTarget={view.target}
              currentDrop={view.drop}
              unit={unit}
              axisTitle={METRIC_LABELS[s.metric]}
              unknown={unknown}
              RepChart={RepChart}
              showOverload={s.showOverload}
              onShowOverload={(showOverload) => change({ showOverload })}
            />
          )}
        </div>
      </div>
      {teamViews && <teamViews.RateSet />}
      {views !== null && <views.SetList reps={app.session.reps.value} turn={app.session.turn.value} rules={{ restS: s.setRestS, loads: app.session.loads.value, tags: app.session.tags.value, warmup: s.warmup, metric: s.metric, phase: s.phase }} unit={unit} />}
      <ResetBar />
    </section>
  );
}
