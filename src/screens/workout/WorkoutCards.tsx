/**
 * The Inertia and Target cards (docs/behaviour.md §2); pressing one opens its dialog, which loads lazily.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { InertiaCard } from '../../components/cards/InertiaCard';
import { TargetCard } from '../../components/cards/TargetCard';
import { useApp } from '../../compose/appContext';
import { boostPercent } from '../../stores/connection';
import { inertia, settings } from '../../stores/settings';
import type { OpenDialog } from './WorkoutDialogs';

const WorkoutDialogs = lazy(() => import('./WorkoutDialogs'));

export function WorkoutCards(): ReactElement {
  useSignals();
  const { view } = useApp();
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const s = settings.value;
  return (
    <div className="cards">
      <InertiaCard inertia={inertia.value} windupOnReset={s.windupOnReset} boost={boostPercent.value} onOpen={() => setOpen('inertia')} />
      <TargetCard counted={view.value.counted} target={s.target} voice={s.isVoiceFeedback} onOpen={() => setOpen('target')} />
      {open && (
        <Suspense fallback={null}>
          <WorkoutDialogs open={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
