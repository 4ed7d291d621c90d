/**
 * Shows the Calibrate dialog while the connection state asks for it (docs/behaviour.md §4): the
 * dialog's code loads with the first connection, not with the Workout screen.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, type ReactElement } from 'react';
import { useApp } from '../compose/appContext';
import { attempt } from '../stores/alerts';
import { calibrateOpen } from '../stores/connection';

const CalibrateDialog = lazy(() => import('../components/dialogs/CalibrateDialog').then((m) => ({ default: m.CalibrateDialog })));

export function CalibrateModal(): ReactElement | null {
  useSignals();
  const { link } = useApp();
  if (!calibrateOpen.value) return null;
  return (
    <Suspense fallback={null}>
      <CalibrateDialog
        onCalibrate={async () => void (await attempt(link.calibrate))}
        onCancel={async () => void (await attempt(link.cancelCalibration))}
      />
    </Suspense>
  );
}
