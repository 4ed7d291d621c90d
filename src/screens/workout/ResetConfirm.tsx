/**
 * What Reset does: it ends the session on screen and starts a new one, so with a rep to lose it
 * asks first ("Reset the session?") and says where the session goes: into History (the journal
 * keeps it), or nowhere when sessions are not kept on this device, with the export offered.
 * Without a rep it resets at once. The set is cleared at once, the status said then, and with
 * Windup on Reset the countdown and the windup follow (workout/resetFlow.ts). Loaded when Reset is
 * pressed, not with the Workout screen.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, type ReactElement } from 'react';
import { Dialog, DialogButtons } from '../../components/Dialog';
import { useApp } from '../../compose/appContext';
import { repsText } from '../../rules/labels';
import { sessionSets } from '../../rules/sets';

export interface ResetConfirmProps {
  /** Reset was done, or cancelled. */
  onDone: () => void;
}

export default function ResetConfirm({ onDone }: ResetConfirmProps): ReactElement | null {
  useSignals();
  const app = useApp();
  const { alerts, settings, connection } = app.stores;
  const s = settings.current.value;
  const empty = app.session.reps.peek().length === 0 && app.session.turn.peek() === null;

  /** Clears the set at once (saying `saved` then, before any windup countdown), then winds up when asked. */
  const reset = (saved: string | null) => {
    onDone();
    const clearSet = () => {
      app.link.reset();
      if (saved !== null) alerts.showStatus(saved);
    };
    void alerts.attempt(() => app.resetFlow.reset({ clearSet, unit: connection.connectedUnit(), windupOnReset: settings.current.peek().windupOnReset }));
  };
  useEffect(() => {
    if (empty) reset(null);
  }, []);
  if (empty) return null;

  const sets = sessionSets(app.session.reps.value, { restS: s.setRestS, loads: app.session.loads.value, warmup: s.warmup, metric: s.metric, phase: s.phase });
  const counted = repsText(sets.reduce((sum, set) => sum + set.counted, 0));
  const kept = app.journal.value?.state.value.kind === 'open';
  return (
    <Dialog
      title="Reset the session?"
      onClose={onDone}
      actions={<DialogButtons onCancel={onDone} confirmLabel="Reset" onConfirm={() => reset(kept ? `Session saved in History (${counted}). A new one starts with your next rep.` : 'Session cleared.')} />}
    >
      {kept ? (
        <p>The session so far, {counted} after the warmup, is kept in History; a new one starts with your next rep.</p>
      ) : (
        <>
          <p>Sessions are not kept on this device: the {counted} after the warmup are lost unless you export them first.</p>
          <button type="button" className="button" onClick={() => void app.exportLiveSession()}>
            Export CSV
          </button>
        </>
      )}
    </Dialog>
  );
}
