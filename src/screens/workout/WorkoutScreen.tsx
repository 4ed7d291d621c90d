/**
 * docs/behaviour.md §2 Workout screen. It only lays out the pieces; each piece reads the signals it needs,
 * and every figure comes from the one `workoutView` derived from the engine's reps.
 *
 * The empty-state text is docs/behaviour.md §1's, word for word (the rules write the product's name where it means the
 * name, and "the product" here). Beyond the product rules: a line says when the set on screen is a
 * session reopened from the history, a quiet hint says when the screen may dim during the
 * workout, and a line says when the unit's samples were skipped or its clock broke.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { fixed2, METRIC_LABELS, METRIC_UNITS } from '../../rules/labels';
import { attempt } from '../../stores/alerts';
import { reviewing, wakeLockHint } from '../../stores/workoutHints';
import { settings, updateSettings } from '../../stores/settings';
import { useApp } from '../../compose/appContext';
import { PhaseBar } from './PhaseBar';
import { RepsView } from './RepsView';
import { ResetBar } from './ResetBar';
import { WorkoutCards } from './WorkoutCards';
import { WorkoutToolbar } from './WorkoutToolbar';
import { connection } from '../../stores/connection';

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
      <PhaseBar
        phase={s.phase}
        latest={view.latest}
        best={view.best}
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
        <RepsView
          view={s.view}
          rows={view.rows}
          phase={s.phase}
          target={s.target}
          currentTarget={view.target}
          currentDrop={view.drop}
          unit={unit}
          axisTitle={METRIC_LABELS[s.metric]}
        />
      )}
      <ResetBar />
    </section>
  );
}
