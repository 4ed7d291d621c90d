/** Shows the Calibrate dialog while the connection state asks for it (docs/behaviour.md §4 "On connect"). */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { CalibrateDialog } from '../components/dialogs/CalibrateDialog';
import { attempt } from '../stores/alerts';
import { calibrateOpen } from '../stores/connection';
import { useApp } from '../compose/appContext';

export function CalibrateModal(): ReactElement | null {
  useSignals();
  const { link } = useApp();
  if (!calibrateOpen.value) return null;
  return (
    <CalibrateDialog
      onCalibrate={async () => void (await attempt(link.calibrate))}
      onCancel={async () => void (await attempt(link.cancelCalibration))}
    />
  );
}
