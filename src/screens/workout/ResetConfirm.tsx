/**
 * "Reset the session?": Reset ends the session on screen and starts a new one, so it asks first
 * when there is a rep to lose, and says where the session goes: into History (the journal keeps
 * it), or nowhere when sessions are not kept on this device, with the export offered. Loaded when
 * asked, not with the Workout screen.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { Dialog, DialogButtons } from '../../components/Dialog';
import { useApp } from '../../compose/appContext';
import { repsText } from '../../rules/labels';
import { sessionSets } from '../../rules/sets';

export interface ResetConfirmProps {
  /** Resets; `saved` is what the status says afterwards. */
  onReset: (saved: string) => void;
  onCancel: () => void;
}

export default function ResetConfirm({ onReset, onCancel }: ResetConfirmProps): ReactElement {
  useSignals();
  const app = useApp();
  const s = app.stores.settings.current.value;
  const sets = sessionSets(app.session.reps.value, { restS: s.setRestS, loads: app.session.loads.value, warmup: s.warmup, metric: s.metric, phase: s.phase });
  const counted = repsText(sets.reduce((sum, set) => sum + set.counted, 0));
  const kept = app.journal.value?.state.value.kind === 'open';
  return (
    <Dialog title="Reset the session?" onClose={onCancel} actions={<DialogButtons onCancel={onCancel} confirmLabel="Reset" onConfirm={() => onReset(kept ? `Session saved in History (${counted}). A new one starts with your next rep.` : 'Session cleared.')} />}>
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
