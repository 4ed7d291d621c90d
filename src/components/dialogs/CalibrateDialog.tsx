/**
 * docs/behaviour.md §2: on connect, a modal titled Calibrate asks the user to pull the rope straight out.
 * The user answers with Calibrate or Cancel (which disconnects); Escape means Cancel, as in every
 * dialog, but a tap beside it means nothing (a stray tap must not disconnect the unit).
 * While the calibration runs, both buttons wait so a double press cannot send it twice.
 */
import { useState, type ReactElement } from 'react';
import { Dialog, DialogButtons } from '../Dialog';

export const PRODUCT = 'Repline';
export const CALIBRATE_TEXT = `First calibrate ${PRODUCT} by pulling the rope straight out and press the Calibrate button.`;

export interface CalibrateDialogProps {
  onCalibrate: () => Promise<void>;
  onCancel: () => Promise<void>;
}

export function CalibrateDialog({ onCalibrate, onCancel }: CalibrateDialogProps): ReactElement {
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="Calibrate"
      onClose={busy ? undefined : run(onCancel)}
      backdropCloses={false}
      actions={<DialogButtons onCancel={run(onCancel)} cancelDisabled={busy} confirmLabel="Calibrate" onConfirm={run(onCalibrate)} confirmDisabled={busy} />}
    >
      <p>{CALIBRATE_TEXT}</p>
    </Dialog>
  );
}
