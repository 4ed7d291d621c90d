/**
 * The athlete's rating of the set they just did, in one tap: "How hard was set 2 (Ana, Squat)?",
 * the set numbered among that athlete's sets of the session (rules/athleteSets.ts), with RPE
 * buttons 1–10 (the CR-10 scale, as kMeter's result screen takes a score) and a note. It rates
 * the set that is done (rep goal reached or a Fatigue set complete), or, once the next set has
 * begun or the next athlete is up, the last athlete's set before it; a new tap replaces the rating.
 * Shown while the session is being recorded, so the rating is kept with it (the session page
 * rates sets of finished sessions). Loaded with the team's views.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactElement } from 'react';
import { Dialog, DialogButtons } from '../../components/Dialog';
import { useApp } from '../../compose/appContext';
import { athleteSets, type AthleteSet } from '../../rules/athleteSets';
import { currentSet } from '../../rules/setSplit';
import { NOTE_MAX, taggedSets } from '../../rules/setTags';

const RPE = Array.from({ length: 10 }, (_, i) => i + 1);

export function RateSet(): ReactElement | null {
  useSignals();
  const app = useApp();
  const { attempt } = app.stores.alerts;
  const [noting, setNoting] = useState(false);
  const team = app.team.value;
  const { reps, turn, tags, notes, loads, live } = app.session;
  const s = app.stores.settings.current.value;
  if (team === null || !live.value || tags.value.length === 0 || reps.value.length === 0) return null;
  const how = { restS: s.setRestS, loads: loads.value, tags: tags.value, notes: notes.value, warmup: s.warmup, metric: s.metric, phase: s.phase };
  const sets = athleteSets(reps.value, how);
  const inProgress = currentSet(reps.value, turn.value, how).reps[0];
  const at = inProgress === undefined ? sets.length : sets.findIndex((set) => set.startUs === inProgress.startUs);
  const index = app.view.value.setDone && inProgress !== undefined ? at : at - 1;
  const set: AthleteSet | undefined = sets[index];
  if (set === undefined) return null;
  const who = `${team.store.roster.value.find((a) => a.id === set.athleteId)?.name ?? 'Unknown athlete'}, ${team.exerciseName(set.exerciseId)}`;
  // A note names its set by the set's start among every set of the session, nobody's included.
  const rate = (rpe: number | null, note: string) => app.session.rate({ atUs: set.startUs, rpe, note }, taggedSets(reps.value, how).map((x) => x.startUs));
  return (
    <section className="rate-set" aria-labelledby="rate-set-title">
      <h2 id="rate-set-title">
        How hard was set {set.number} ({who})?
      </h2>
      <div className="rate-set__scale" role="group" aria-label="Rating of perceived exertion, 1 to 10">
        {RPE.map((n) => (
          <button key={n} type="button" aria-pressed={set.rpe === n} onClick={() => void attempt(() => rate(n, set.note))}>
            {n}
          </button>
        ))}
      </div>
      <p className="rate-set__note">
        {set.note !== '' && <span className="hint">“{set.note}” </span>}
        <button type="button" className="button" onClick={() => setNoting(true)}>
          {set.note === '' ? 'Add a note' : 'Change the note'}
        </button>
      </p>
      {noting && <NoteDialog initial={set.note} onSave={(note) => void attempt(() => rate(set.rpe, note)).then(() => setNoting(false))} onClose={() => setNoting(false)} />}
    </section>
  );
}

export function NoteDialog({ initial, onSave, onClose }: { initial: string; onSave: (note: string) => void; onClose: () => void }): ReactElement {
  const [note, setNote] = useState(initial);
  return (
    <Dialog title="Note on the set" onClose={onClose} actions={<DialogButtons onCancel={onClose} confirmLabel="Save" onConfirm={() => onSave(note.trim())} />}>
      <div className="field">
        <label htmlFor="set-note">Note</label>
        <textarea id="set-note" rows={3} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
    </Dialog>
  );
}
