/**
 * docs/behaviour.md §2: on connect, a modal titled Calibrate asks the user to pull the rope straight out.
 * It has no Escape/backdrop close: the user answers with Calibrate or Cancel (which disconnects).
 * While the calibration runs, both buttons wait so a double press cannot send it twice.
 */
import { useState, type ReactElement } from 'react';
import { Dialog } from '../Dialog';

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
      actions={
        <>
          <button type="button" className="button" disabled={busy} onClick={run(onCancel)}>
            Cancel
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={run(onCalibrate)}>
            Calibrate
          </button>
        </>
      }
    >
      <p>{CALIBRATE_TEXT}</p>
    </Dialog>
  );
}
