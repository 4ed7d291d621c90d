/**
 * The page's live regions: errors in role="alert" (kept until dismissed, newest last) and the
 * latest confirmation in role="status" (fades after a few seconds). Both regions are always in
 * the DOM, as screen readers only announce changes to regions that already exist.
 *
 * Messages never cover a dialog: while one is open the messages sit at the top of the screen and
 * the dialog below them (app.css; the dialog measures this region, components/Dialog.tsx).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, type ReactElement } from 'react';
import { CloseIcon } from '../components/icons';
import { useStores } from '../compose/appContext';

const STATUS_MS = 6000;

export function AlertRegion(): ReactElement {
  useSignals();
  const { alerts, settings } = useStores();
  const { errors, showError, dismissError, attempt } = alerts;
  const current = alerts.status.value;

  useEffect(() => {
    const problem = settings.loadError.peek();
    if (problem === null) return;
    settings.loadError.value = null;
    showError(problem);
  }, []);

  // Said once per visit, whenever storage first fails (at start-up, or when it fills up later).
  const notKept = settings.notKept.value;
  useEffect(() => {
    if (notKept !== null) showError(notKept);
  }, [notKept]);

  useEffect(() => {
    if (current === null) return;
    const timer = setTimeout(() => alerts.clearStatus(current.id), STATUS_MS);
    return () => clearTimeout(timer);
  }, [current]);

  return (
    <div className="alerts">
      <div role="alert" className="alerts__errors">
        {errors.value.map((notice) => (
          <p key={notice.id} className="alert alert--error">
            <span>{notice.message}</span>
            {notice.action && (
              <button type="button" className="button" onClick={() => void attempt(notice.action!.run)}>
                {notice.action.label}
              </button>
            )}
            <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => dismissError(notice.id)}>
              <CloseIcon />
            </button>
          </p>
        ))}
      </div>
      <div role="status" className="alerts__status">
        {current && <p className="alert alert--status">{current.message}</p>}
      </div>
    </div>
  );
}
