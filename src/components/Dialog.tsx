/**
 * The modal every dialog uses: role="dialog", aria-modal, named by its title, Escape closes,
 * focus moves in on open, Tab cycles inside, and focus returns to the opener on close. Rendered
 * only while open, so a closed dialog costs nothing and its draft state starts fresh each time.
 * `DialogButtons` is the usual row of its buttons: the way out first, then the primary action.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  /** Escape and the backdrop call this; omit for a dialog that must be answered by its buttons. */
  onClose?: () => void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  actions: ReactNode;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

export function Dialog({ title, onClose, children, actions }: DialogProps): ReactElement {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => opener?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <div ref={panel} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <h2 className="dialog__title" id={titleId}>
          {title}
        </h2>
        <div className="dialog__body">{children}</div>
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>
  );
}

export interface DialogButtonsProps {
  /** The way out, "Cancel" unless told otherwise. */
  cancelLabel?: string;
  onCancel: () => void;
  cancelDisabled?: boolean;
  /** The primary action, named for what it does ("Save", "Delete"). */
  confirmLabel: string;
  onConfirm: () => void;
  confirmDisabled?: boolean;
}

/** A dialog's buttons: Cancel (or `cancelLabel`) and the primary action. */
export function DialogButtons(props: DialogButtonsProps): ReactElement {
  const { cancelLabel = 'Cancel', onCancel, cancelDisabled, confirmLabel, onConfirm, confirmDisabled } = props;
  return (
    <>
      <button type="button" className="button" disabled={cancelDisabled} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="button" className="button button--primary" disabled={confirmDisabled} onClick={onConfirm}>
        {confirmLabel}
      </button>
    </>
  );
}
