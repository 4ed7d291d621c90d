/**
 * The Team page's athletes and exercises: every athlete (archived ones too, marked) with their
 * body mass, to rename, re-weigh, archive or bring back, and a new one; your own exercises with
 * their share of body mass and rope, to change, archive or bring back. Athletes are never deleted
 * one by one (their sets would lose their owner), and the athlete up now cannot be archived.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactElement } from 'react';
import { Dialog, DialogButtons } from '../../components/Dialog';
import { NumberField } from '../../components/NumberField';
import { useStores } from '../../compose/appContext';
import { RANGES } from '../../engine/ranges';
import type { Team } from '../../team/team';
import { ATHLETE_NAME_MAX, type Athlete } from '../../rules/athletes';
import type { Exercise } from '../../rules/exercises';
import { ExerciseForm, exerciseFacts } from '../workout/ExercisePicker';

type Editing = { kind: 'athlete'; athlete: Athlete | null } | { kind: 'exercise'; exercise: Exercise | null } | null;

function AthleteForm({ athlete, onBack, onSave }: { athlete: Athlete | null; onBack: () => void; onSave: (name: string, kg: number) => void }): ReactElement {
  const { attempt } = useStores().alerts;
  const [name, setName] = useState(athlete?.name ?? '');
  const [mass, setMass] = useState<number | null>(athlete?.bodyMass ?? null);
  return (
    <Dialog
      title={athlete === null ? 'New athlete' : `Change ${athlete.name}`}
      onClose={onBack}
      actions={<DialogButtons onCancel={onBack} confirmLabel="Save" confirmDisabled={name.trim() === '' || mass === null} onConfirm={() => void attempt(() => onSave(name, mass!))} />}
    >
      <div className="field">
        <label htmlFor="roster-name">Name</label>
        <input id="roster-name" type="text" maxLength={ATHLETE_NAME_MAX} value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </div>
      <NumberField label="Body mass" unit="kg" value={mass} min={1} max={RANGES.mass.max} onChange={(value, ok) => setMass(ok ? value : null)} />
    </Dialog>
  );
}

/** One athlete or exercise of the roster: its name, what it is, and the buttons to change, archive or bring it back. */
function RosterCard({ name, archived, facts, archiveDisabled = false, onChange, onArchive }: { name: string; archived: boolean; facts: string; archiveDisabled?: boolean; onChange: () => void; onArchive: () => void }): ReactElement {
  return (
    <li className="item-card">
      <h3 className="item-card__title">
        {name}
        {archived && ' (archived)'}
      </h3>
      <p className="item-card__facts">{facts}</p>
      <div className="item-card__actions">
        <button type="button" className="button" aria-label={`Change ${name}`} onClick={onChange}>
          Change
        </button>
        <button type="button" className="button" aria-label={archived ? `Bring back ${name}` : `Archive ${name}`} disabled={archiveDisabled} onClick={onArchive}>
          {archived ? 'Bring back' : 'Archive'}
        </button>
      </div>
    </li>
  );
}

export function TeamRoster({ team }: { team: Team }): ReactElement {
  useSignals();
  const { attempt, showStatus } = useStores().alerts;
  const [editing, setEditing] = useState<Editing>(null);
  const roster = [...team.store.roster.value].sort((a, b) => Number(a.archived) - Number(b.archived) || a.name.localeCompare(b.name));
  const custom = [...team.store.exercises.value].sort((a, b) => Number(a.archived) - Number(b.archived) || a.name.localeCompare(b.name));
  const activeId = team.store.athleteId.value;
  const close = () => setEditing(null);

  return (
    <>
      <section aria-labelledby="athletes-title">
        <h2 id="athletes-title">Athletes</h2>
        <ul className="cards-list" aria-label="Athletes">
          {roster.map((a) => (
            <RosterCard
              key={a.id}
              name={a.name}
              archived={a.archived}
              facts={`${a.bodyMass} kg${a.id === activeId ? ' · up now' : ''}`}
              archiveDisabled={!a.archived && a.id === activeId}
              onChange={() => setEditing({ kind: 'athlete', athlete: a })}
              onArchive={() =>
                void attempt(() => {
                  team.archive(a.id, !a.archived);
                  showStatus(a.archived ? `${a.name} is back among the athletes.` : `${a.name} is archived: their sets are kept.`);
                })
              }
            />
          ))}
        </ul>
        <p>
          <button type="button" className="button" onClick={() => setEditing({ kind: 'athlete', athlete: null })}>
            Add an athlete
          </button>
        </p>
      </section>
      <section aria-labelledby="exercises-title">
        <h2 id="exercises-title">Your exercises</h2>
        {custom.length === 0 && <p className="hint">Only the built-in exercises so far. Add your own for another movement or rope.</p>}
        <ul className="cards-list" aria-label="Your exercises">
          {custom.map((e) => (
            <RosterCard
              key={e.id}
              name={e.name}
              archived={e.archived}
              facts={exerciseFacts(e)}
              onChange={() => setEditing({ kind: 'exercise', exercise: e })}
              onArchive={() =>
                void attempt(() => {
                  team.editExercise(e.id, { archived: !e.archived });
                  showStatus(e.archived ? `${e.name} is back among the exercises.` : `${e.name} is archived: its sets are kept.`);
                })
              }
            />
          ))}
        </ul>
        <p>
          <button type="button" className="button" onClick={() => setEditing({ kind: 'exercise', exercise: null })}>
            Add an exercise
          </button>
        </p>
      </section>
      {editing?.kind === 'athlete' && (
        <AthleteForm
          athlete={editing.athlete}
          onBack={close}
          onSave={(name, kg) => {
            const a = editing.athlete;
            if (a === null) team.addAthlete(name, kg);
            else {
              if (name.trim() !== a.name) team.renameAthlete(a.id, name);
              if (kg !== a.bodyMass) team.reweigh(a.id, kg);
            }
            close();
          }}
        />
      )}
      {editing?.kind === 'exercise' && (
        <ExerciseForm
          title={editing.exercise === null ? 'Your own exercise' : `Change ${editing.exercise.name}`}
          confirmLabel="Save"
          initial={editing.exercise ?? undefined}
          onBack={close}
          onSave={(fields) => {
            if (editing.exercise === null) team.addExercise(fields);
            else team.editExercise(editing.exercise.id, fields);
            close();
          }}
        />
      )}
    </>
  );
}
