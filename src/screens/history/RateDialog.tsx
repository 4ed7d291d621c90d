/**
 * The RPE (1–10) and note of a set of a finished session, given or changed after the fact (the
 * Workout screen takes them in one tap right after the set).
 */
import { useState, type ReactElement } from 'react';
import { Dialog, DialogButtons } from '../../components/Dialog';
import { NOTE_MAX } from '../../rules/setTags';

const RPE = Array.from({ length: 10 }, (_, i) => i + 1);

export function RateDialog({ initial, onSave, onClose }: { initial: { rpe: number | null; note: string }; onSave: (rpe: number | null, note: string) => void; onClose: () => void }): ReactElement {
  const [rpe, setRpe] = useState(initial.rpe);
  const [note, setNote] = useState(initial.note);
  return (
    <Dialog title="Rate the set" onClose={onClose} actions={<DialogButtons onCancel={onClose} confirmLabel="Save" onConfirm={() => onSave(rpe, note.trim())} />}>
      <div className="rate-set__scale" role="group" aria-label="Rating of perceived exertion, 1 to 10">
        {RPE.map((n) => (
          <button key={n} type="button" aria-pressed={rpe === n} onClick={() => setRpe(rpe === n ? null : n)}>
            {n}
          </button>
        ))}
      </div>
      <div className="field">
        <label htmlFor="rate-note">Note</label>
        <textarea id="rate-note" rows={3} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
    </Dialog>
  );
}
