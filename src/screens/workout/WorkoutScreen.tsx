/**
 * docs/behaviour.md §2 Workout screen. It only lays out the pieces; each piece reads the signals it needs,
 * and every figure comes from the one `workoutView` derived from the engine's reps.
 *
 * The empty-state text is docs/behaviour.md §1's, word for word (the rules write the product's name where it means the
 * name, and "the product" here). Beyond the product rules: a line says when the set on screen is a
 * session reopened from the history, a quiet hint says when the screen may dim during the
 * workout, and a line says when the unit's samples were skipped or its clock broke. The big live
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
import { loadRepChart, loadSetViews } from './setViews';


export const EMPTY_TEXT = 'Start to use the product, make sure your unit is connected';
/** The empty state once a unit is connected (after Reset, or before the first rep): the next step is the rope. */
export const READY_TEXT = 'The unit is connected: pull the rope to start a set.';

export function WorkoutScreen(): ReactElement {
  useSignals();
  const app = useApp();
  const { alerts, settings, workoutHints, connection } = app.stores;
  const { reviewing, wakeLockHint } = workoutHints;
  const s = settings.current.value;
  const view = app.view.value;
  const streamNote = app.streamNote;
  const unit = METRIC_UNITS[s.metric];
  const unknown = lacksInertia(s.metric, settings.inertia.value);
  const unitConnected = connection.state.value.status !== 'disconnected';
  const graph = s.view === 'graph';
  const views = useOnDemand(loadSetViews, unitConnected || view.rows.length > 0);
  const RepChart = useOnDemand(loadRepChart, graph && (unitConnected || view.rows.length > 0));
  const change = (patch: Partial<WorkoutSettings>) => void alerts.attempt(() => settings.update(patch));

  return (
    <section className="screen workout">
      <h1>Workout</h1>
      {reviewing.value !== null && <p className="hint">{reviewing.value.note}</p>}
      {wakeLockHint.value !== null && <p className="hint">{wakeLockHint.value}</p>}
      {streamNote.value !== null && <p className="hint stream-note">{streamNote.value}</p>}
      <WorkoutToolbar
        metric={s.metric}
        onMetric={(metric) => change({ metric })}
        view={s.view}
        onView={(v) => change({ view: v })}
        canExport={view.rows.length > 0}
        onExport={app.exportLiveSession}
      />
      <WorkoutCards />
      {view.rows.length > 0 && views !== null && (
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
      {view.rows.length === 0 ? (
        <p className="empty">{unitConnected ? READY_TEXT : EMPTY_TEXT}</p>
      ) : views === null ? (
        <p className="hint">Loading the set…</p>
      ) : (
        <views.RepsView
          view={s.view}
          rows={view.rows}
          phase={s.phase}
          target={s.target}
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
      {views !== null && <views.SetList reps={app.session.reps.value} rules={{ restS: s.setRestS, loads: app.session.loads.value, warmup: s.warmup, metric: s.metric, phase: s.phase }} unit={unit} />}
      <ResetBar />
    </section>
  );
}
