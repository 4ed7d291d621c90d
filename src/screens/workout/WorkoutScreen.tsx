/**
 * docs/behaviour.md §2 Workout screen. It only lays out the pieces; each piece reads the signals it needs,
 * and every figure comes from the one `workoutView` derived from the engine's reps.
 *
 * The empty-state text is docs/behaviour.md §1's, word for word (the rules write the product's name where it means the
 * name, and "the product" here). Beyond the product rules: a line says when the set on screen is a
 * session reopened from the history, a quiet hint says when the screen may dim during the
 * workout, and a line says when the unit's samples were skipped or its clock broke. The big live
 * number shows once there is a rep; a metric that needs the inertia while no plates are chosen
 * shows "–" everywhere, with a line and a button to the Inertia dialog.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, type ReactElement } from 'react';
import { fixed2, METRIC_LABELS, METRIC_UNITS } from '../../rules/labels';
import { attempt } from '../../stores/alerts';
import { reviewing, wakeLockHint, workoutDialog } from '../../stores/workoutHints';
import { inertia, settings, updateSettings } from '../../stores/settings';
import { lacksInertia } from '../../rules/inertiaMetrics';

import { useApp } from '../../compose/appContext';
import { PhaseBar } from './PhaseBar';
import { ResetBar } from './ResetBar';
import { WorkoutCards } from './WorkoutCards';
import { WorkoutToolbar } from './WorkoutToolbar';
import { connection } from '../../stores/connection';

// Shown from the first rep on, so they load then, not with the empty screen.
const LiveNumber = lazy(() => import('./LiveNumber').then((m) => ({ default: m.LiveNumber })));
const RepsView = lazy(() => import('./RepsView').then((m) => ({ default: m.RepsView })));

export const EMPTY_TEXT = 'Start to use the product, make sure your unit is connected';
/** The empty state once a unit is connected (after Reset, or before the first rep): the next step is the rope. */
export const READY_TEXT = 'The unit is connected: pull the rope to start a set.';

export function WorkoutScreen(): ReactElement {
  useSignals();
  const app = useApp();
  const s = settings.value;
  const view = app.view.value;
  const streamNote = app.streamNote;
  const unit = METRIC_UNITS[s.metric];
  const unknown = lacksInertia(s.metric, inertia.value);
  const change = (patch: Parameters<typeof updateSettings>[0]) => void attempt(() => updateSettings(patch));

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
      {unknown && (
        <div className="inertia-hint hint">
          <p>{METRIC_LABELS[s.metric]} needs the flywheel’s inertia: choose your plates.</p>
          <button type="button" className="button" onClick={() => (workoutDialog.value = 'inertia')}>
            Choose plates
          </button>
        </div>
      )}
      {view.rows.length > 0 && (
        <Suspense fallback={null}>
          <LiveNumber row={view.latestRow} phase={s.phase} unit={unit} counted={view.counted} goal={view.goal} setDone={view.setDone} unknown={unknown} />
        </Suspense>
      )}
      <PhaseBar
        phase={s.phase}
        latest={unknown ? null : view.latest}
        best={unknown ? null : view.best}
        bestChange={view.bestChange}
        unit={unit}
        onSwap={() => change({ phase: s.phase === 'concentric' ? 'eccentric' : 'concentric' })}
      />
      <div aria-live="polite">
        {view.setComplete && view.drop !== null && (
          <p className="set-complete">
            Set complete: the last rep fell below {fixed2(view.drop)} {unit}.
          </p>
        )}
      </div>
      {view.rows.length === 0 ? (
        <p className="empty">{connection.value.status === 'disconnected' ? EMPTY_TEXT : READY_TEXT}</p>
      ) : (
        <Suspense fallback={<p className="hint">Loading the set…</p>}>
          <RepsView
            view={s.view}
            rows={view.rows}
            phase={s.phase}
            target={s.target}
            currentTarget={view.target}
            currentDrop={view.drop}
            unit={unit}
            axisTitle={METRIC_LABELS[s.metric]}
            unknown={unknown}
          />
        </Suspense>
      )}
      <ResetBar />
    </section>
  );
}
