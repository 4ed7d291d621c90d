/**
 * Shows the Calibrate dialog while the connection state asks for it (docs/behaviour.md §4): this
 * code and the dialog's load with the first connection (the shell loads it then), not with the
 * Workout screen. After a calibration
 * with no plates chosen, the Workout screen opens with its Inertia dialog (once a visit; Cancel
 * in Calibrate disconnects, so it asks nothing), except on the pages that use the unit
 * themselves: the sensor test (the user is checking the unit there) and the profile test (it sets
 * each set's plates). The Demo unit's athlete waits for that dialog to close before pulling.
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
    // The Inertia dialog will ask for the plates: the Demo athlete waits for them (its set starts once the dialog closes, WorkoutDialogs.tsx).
    const asks = !stays && stores.settings.inertia.peek() === 0 && stores.workoutHints.inertiaPrompt.peek() === 'never';
    if ((await attempt(() => link.calibrate(asks))) && asks && stores.workoutHints.promptForInertia(0)) navigate('/');
  };
  return <CalibrateDialog onCalibrate={calibrate} onCancel={async () => void (await attempt(link.cancelCalibration))} />;
}
