/**
 * The modal every dialog uses: role="dialog", aria-modal, named by its title, Escape closes,
 * focus moves in on open, Tab cycles inside, and focus returns to the opener on close. Rendered
 * only while open, so a closed dialog costs nothing and its draft state starts fresh each time.
 * `DialogButtons` is the usual row of its buttons: the way out first, then the primary action.
 *
 * The keys are heard on the whole document, not only inside the panel: the focus may still be on
 * the card that opened a dialog, or lost to the page when a focused button was disabled (a
 * stepper's minus at 0), and Escape must close the dialog all the same. Only the dialog on top
 * (the last one in the page) answers; Tab brings a focus that strayed back inside.
 *
 * Messages never cover a dialog: while one is open it publishes the height of the page's alert
 * region (`.alerts`) as `--alerts-height`, and app.css puts the messages at the top of the screen
 * and the dialog below them, so its title and buttons stay in view and in reach.
 */
import { useEffect, useId, useLayoutEffect, useRef, type ReactElement, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  /** Escape and the backdrop call this; omit for a dialog that must be answered by its buttons. */
  onClose?: () => void;
  /** Whether a tap on the backdrop closes it too (Escape always does when there is `onClose`). */
  backdropCloses?: boolean;
  children: ReactNode;
  /** Buttons row at the bottom. */
  actions: ReactNode;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

export function Dialog({ title, onClose, backdropCloses = true, children, actions }: DialogProps): ReactElement {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => opener?.focus();
  }, []);

  // Measured as the dialog is put in the page, before it is drawn (a dialog loaded on demand mounts
  // outside any input event, and an effect would run only after its first frame, drawn with its
  // title under the messages); then again whenever the messages change.
  useLayoutEffect(() => {
    const alerts = document.querySelector<HTMLElement>('.alerts');
    if (alerts === null) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--alerts-height', `${alerts.offsetHeight}px`);
    publish();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(publish);
    observer.observe(alerts);
    // The height stays set after: only an open dialog reads it, and one may still be open.
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      const own = panel.current;
      const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (own === null || event.defaultPrevented || dialogs[dialogs.length - 1] !== own) return;
      if (event.key === 'Escape' && close.current) {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(own.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const inside = own.contains(document.activeElement);
      if (!inside || (event.shiftKey && document.activeElement === first) || (!event.shiftKey && document.activeElement === last)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => backdropCloses && e.target === e.currentTarget && onClose?.()}>
      <div ref={panel} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
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
  /** The action deletes something for good: it looks it (the danger colour), not like any other. */
  destructive?: boolean;
}

/** A dialog's buttons: Cancel (or `cancelLabel`) and the primary action. */
export function DialogButtons(props: DialogButtonsProps): ReactElement {
  const { cancelLabel = 'Cancel', onCancel, cancelDisabled, confirmLabel, onConfirm, confirmDisabled, destructive = false } = props;
  return (
    <>
      <button type="button" className="button" disabled={cancelDisabled} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="button" className={`button ${destructive ? 'button--danger' : 'button--primary'}`} disabled={confirmDisabled} onClick={onConfirm}>
        {confirmLabel}
      </button>
    </>
  );
}
