/**
 * The Inertia and Target cards (docs/behaviour.md §2); pressing one opens its dialog, which loads lazily.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, type ReactElement } from 'react';
import { InertiaCard } from '../../components/cards/InertiaCard';
import { TargetCard } from '../../components/cards/TargetCard';
import { useApp } from '../../compose/appContext';

const WorkoutDialogs = lazy(() => import('./WorkoutDialogs'));

export function WorkoutCards(): ReactElement {
  useSignals();
  const { view, stores } = useApp();
  const { settings, connection } = stores;
  const { workoutDialog, closeWorkoutDialog } = stores.workoutHints;
  const open = workoutDialog.value;
  const s = settings.current.value;
  return (
    <div className="cards">
      <InertiaCard inertia={settings.inertia.value} windupOnReset={s.windupOnReset} boost={connection.boostPercent.value} onOpen={() => (workoutDialog.value = 'inertia')} />
      <TargetCard counted={view.value.counted} goal={view.value.goal} target={s.target} voice={s.isVoiceFeedback} onOpen={() => (workoutDialog.value = 'target')} />
      {open && (
        <Suspense fallback={null}>
          <WorkoutDialogs open={open} onClose={closeWorkoutDialog} />
        </Suspense>
      )}
    </div>
  );
}
