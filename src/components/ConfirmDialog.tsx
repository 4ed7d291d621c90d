/**
 * A yes/no question before something that cannot be undone (deleting kept sessions): Cancel
 * and a confirm button named for the action, so the user reads what will happen on the button
 * itself, in the danger colour when it deletes (`destructive`). The confirm action runs through the alert region (`attempt`), so a failure is
 * shown and the dialog stays open for another try.
 */
import type { ReactElement, ReactNode } from 'react';
import { useStores } from '../compose/appContext';
import { Dialog, DialogButtons } from './Dialog';

export interface ConfirmDialogProps {
  title: string;
  /** The confirm button's label, e.g. "Delete". */
  confirmLabel: string;
  onCancel: () => void;
  /** Runs on confirm; the caller closes the dialog when it succeeds. */
  onConfirm: () => Promise<void>;
  /** The action deletes something for good. */
  destructive?: boolean;
  children: ReactNode;
}

export function ConfirmDialog({ title, confirmLabel, onCancel, onConfirm, destructive, children }: ConfirmDialogProps): ReactElement {
  const { attempt } = useStores().alerts;
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      actions={<DialogButtons onCancel={onCancel} confirmLabel={confirmLabel} destructive={destructive} onConfirm={() => void attempt(onConfirm)} />}
    >
      {children}
    </Dialog>
  );
}
