/**
 * Shows the Calibrate dialog while the connection state asks for it (docs/behaviour.md §4): this
 * code and the dialog's load with the first connection (the shell loads it then), not with the
 * Workout screen. After a calibration
 * with no plates chosen, the Workout screen opens with its Inertia dialog (once a visit; Cancel
 * in Calibrate disconnects, so it asks nothing), except on the pages that use the unit
 * themselves: the sensor test (the user is checking the unit there) and the profile test (it sets
 * each set's plates).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CalibrateDialog } from '../components/dialogs/CalibrateDialog';
import { useApp } from '../compose/appContext';

export default function CalibrateModal(): ReactElement | null {
  useSignals();
  const { link, stores } = useApp();
  const { attempt } = stores.alerts;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!stores.connection.calibrateOpen.value) return null;
  const stays = pathname === '/test' || pathname.startsWith('/profile/test');
  const calibrate = async (): Promise<void> => {
    if ((await attempt(link.calibrate)) && !stays && stores.workoutHints.promptForInertia(stores.settings.inertia.peek())) navigate('/');
  };
  return <CalibrateDialog onCalibrate={calibrate} onCancel={async () => void (await attempt(link.cancelCalibration))} />;
}
