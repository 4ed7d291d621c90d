/**
 * "Exercise": the built-in exercises and your own as buttons, the one in use pressed; a tap makes
 * it the athlete's exercise from the next rep (a new set), with the plates they last used for it,
 * and closes the dialog. Each shows the share of body mass that moves with the rope, and its rope
 * when it is not the unit's. "Add your own" asks for a name, the share, a radius of its own (empty:
 * the unit's) and whether the rope runs through a moving pulley on the athlete. Your own
 * exercises are changed or archived on the Team page. Loaded when first opened.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactElement } from 'react';
import { Dialog, DialogButtons } from '../../components/Dialog';
import { NumberField } from '../../components/NumberField';
import { Toggle } from '../../components/Toggle';
import { useStores } from '../../compose/appContext';
import { RANGES } from '../../engine/ranges';
import type { Team } from '../../team/team';
import { EXERCISE_NAME_MAX, type Exercise, type ExerciseFields } from '../../rules/exercises';

/** "88 % of body mass · moving pulley": what sets the exercise's figures apart. */
export function exerciseFacts(e: Pick<Exercise, 'massShare' | 'radius' | 'movingPulley'>): string {
  const parts = [`${Math.round(e.massShare * 1000) / 10} % of body mass`];
  if (e.radius !== null) parts.push(`radius ${e.radius} m`);
  if (e.movingPulley) parts.push('moving pulley');
  return parts.join(' · ');
}

export default function ExercisePicker({ team, onClose }: { team: Team; onClose: () => void }): ReactElement {
  useSignals();
  const { attempt } = useStores().alerts;
  const [adding, setAdding] = useState(false);
  const current = team.exercise.value.id;
  if (adding) {
    return (
      <ExerciseForm
        title="Your own exercise"
        confirmLabel="Add and use"
        onBack={() => setAdding(false)}
        onSave={(fields) => {
          const made = team.addExercise(fields);
          team.chooseExercise(made.id);
          onClose();
        }}
      />
    );
  }
  return (
    <Dialog title="Exercise" onClose={onClose} actions={<DialogButtons onCancel={onClose} cancelLabel="Close" confirmLabel="Add your own" onConfirm={() => setAdding(true)} />}>
      <ul className="pick-list" aria-label="Exercises">
        {team.exercises.value.map((e) => (
          <li key={e.id}>
            <button
              type="button"
              className="pick-list__item"
              aria-pressed={e.id === current}
              onClick={() =>
                void attempt(() => {
                  team.chooseExercise(e.id);
                  onClose();
                })
              }
            >
              <span>{e.name}</span>
              <span className="pick-list__detail">{exerciseFacts(e)}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** The fields of a custom exercise, checked by rules/exercises.ts when saved. */
export function ExerciseForm({ title, confirmLabel, initial, onBack, onSave }: { title: string; confirmLabel: string; initial?: ExerciseFields; onBack: () => void; onSave: (fields: ExerciseFields) => void }): ReactElement {
  const { attempt } = useStores().alerts;
  const [name, setName] = useState(initial?.name ?? '');
  const [share, setShare] = useState<number | null>(initial === undefined ? null : Math.round(initial.massShare * 1000) / 10);
  const [radius, setRadius] = useState<{ value: number | null; ok: boolean }>({ value: initial?.radius ?? null, ok: true });
  const [pulley, setPulley] = useState(initial?.movingPulley ?? false);
  const ready = name.trim() !== '' && share !== null && radius.ok;
  return (
    <Dialog
      title={title}
      onClose={onBack}
      actions={
        <DialogButtons
          onCancel={onBack}
          cancelLabel="Back"
          confirmLabel={confirmLabel}
          confirmDisabled={!ready}
          onConfirm={() => void attempt(() => onSave({ name, massShare: share! / 100, radius: radius.value, movingPulley: pulley }))}
        />
      }
    >
      <div className="field">
        <label htmlFor="exercise-name">Name</label>
        <input id="exercise-name" type="text" maxLength={EXERCISE_NAME_MAX} value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </div>
      <NumberField label="Body mass moving with the rope" unit="%" value={share} min={0} max={100} onChange={(value, ok) => setShare(ok ? value : null)} />
      <p className="dialog__note">A row moves none of the body (0 %), a squat most of it (87.8 %: all but the shanks and feet).</p>
      <NumberField label="Radius of its own rope" unit="m" value={radius.value} min={RANGES.radius.min} max={RANGES.radius.max} optional onChange={(value, ok) => setRadius({ value, ok })} />
      <Toggle title="Moving pulley" description="The rope runs through a pulley on the athlete: the body moves half the rope and takes twice its pull" checked={pulley} onChange={setPulley} />
    </Dialog>
  );
}
