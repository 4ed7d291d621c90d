/**
 * The athletes and custom exercises as the team edits them: every change is in the team's store
 * at once and kept in the journal behind it; a failure to keep it is told in the alert region and
 * the change stays for the visit. Without the journal (no IndexedDB) they live in memory only.
 */
import { archiveAthlete, createAthlete, renameAthlete, setBodyMass, updateAthleteSettings, type Athlete, type AthleteSettings } from '../rules/athletes';
import { BUILT_IN_EXERCISES, createExercise, editExercise, UNSPECIFIED_EXERCISE_ID, type Exercise, type ExerciseFields } from '../rules/exercises';
import { withoutAthlete } from '../rules/teamOrder';
import { messageOf } from '../shared/messageOf';
import type { SettingsStore } from '../stores/settings';
import type { TeamStore } from '../stores/team';
import type { AthleteRecords } from '../journal/athleteRecords';

/** What the Team page and the pickers change about the athletes and exercises. */
export interface RosterEditing {
  addAthlete(name: string, bodyMass: number): Athlete;
  renameAthlete(athleteId: string, name: string): void;
  reweigh(athleteId: string, kg: number): void;
  /** Archived athletes keep their sets and leave the pickers and today's order; the athlete up now cannot be archived. */
  archive(athleteId: string, archived: boolean): void;
  addExercise(fields: ExerciseFields): Exercise;
  editExercise(exerciseId: string, patch: Partial<ExerciseFields> & { archived?: boolean }): void;
  /** Changes the active athlete's own settings beyond the Workout settings (the big number, the ratio target). */
  updateActive(patch: Partial<Pick<AthleteSettings, 'bigNumber' | 'ratioTarget'>>): void;
  /** The name of an exercise id (known or not). */
  exerciseName(exerciseId: string): string;
  /** Who and what the ids of a session's tags are, for the session CSV's athletes block. */
  names(): { athlete: (id: string) => { name: string; bodyMass: number | null }; exercise: (id: string) => { name: string; massShare: number | null } };
}

export interface Roster {
  /** The roster with `athlete` in it, kept in the journal. */
  keep(athlete: Athlete): void;
  /** The athlete of `id`; throws for one not on this device. */
  athlete(id: string): Athlete;
  readonly editing: RosterEditing;
}

export interface RosterDeps {
  store: TeamStore;
  /** Where athletes and exercises are kept; null where sessions are not kept. */
  journal: Pick<AthleteRecords, 'saveAthlete' | 'saveExercise'> | null;
  settings: Pick<SettingsStore, 'update'>;
  showError: (message: string) => void;
  /** ms since the epoch (modification times). */
  at: () => number;
  newId: () => string;
}

/** The exercise of `id` among the built-ins and `custom`; the Unspecified one for an id neither knows. */
export function exerciseOf(id: string, custom: readonly Exercise[]): Exercise {
  return BUILT_IN_EXERCISES.find((e) => e.id === id) ?? custom.find((e) => e.id === id) ?? BUILT_IN_EXERCISES.find((e) => e.id === UNSPECIFIED_EXERCISE_ID)!;
}

export function createRoster(deps: RosterDeps): Roster {
  const { store, journal, settings, showError, at, newId } = deps;

  function keep(athlete: Athlete): void {
    const roster = store.roster.peek();
    store.roster.value = roster.some((a) => a.id === athlete.id) ? roster.map((a) => (a.id === athlete.id ? athlete : a)) : [...roster, athlete];
    journal?.saveAthlete(athlete).catch((error: unknown) => showError(`${athlete.name} could not be kept on this device: ${messageOf(error)}`));
  }

  function keepExercise(ex: Exercise): void {
    const list = store.exercises.peek();
    store.exercises.value = list.some((e) => e.id === ex.id) ? list.map((e) => (e.id === ex.id ? ex : e)) : [...list, ex];
    journal?.saveExercise(ex).catch((error: unknown) => showError(`${ex.name} could not be kept on this device: ${messageOf(error)}`));
  }

  function athlete(id: string): Athlete {
    const found = store.roster.peek().find((a) => a.id === id);
    if (found === undefined) throw new Error('That athlete is not on this device');
    return found;
  }

  const editing: RosterEditing = {
    addAthlete(name, bodyMass) {
      const made = createAthlete({ name, bodyMass }, { id: newId(), now: at() });
      keep(made);
      return made;
    },
    renameAthlete(id, name) {
      keep(renameAthlete(athlete(id), name, at()));
    },
    reweigh(id, kg) {
      const updated = setBodyMass(athlete(id), kg, at());
      if (id === store.athleteId.peek()) settings.update({ mass: kg });
      keep(updated);
    },
    archive(id, archived) {
      if (archived && id === store.athleteId.peek()) throw new Error('Bring another athlete up before archiving the one training now');
      keep(archiveAthlete(athlete(id), archived, at()));
      const order = store.order.peek();
      if (archived && order !== null) store.order.value = withoutAthlete(order, id);
    },
    addExercise(fields) {
      const made = createExercise(fields, { id: newId(), now: at() });
      keepExercise(made);
      return made;
    },
    editExercise(id, patch) {
      const found = store.exercises.peek().find((e) => e.id === id);
      if (found === undefined) throw new Error('Only your own exercises can be changed');
      keepExercise(editExercise(found, patch, at()));
    },
    updateActive(patch) {
      const active = store.active.peek();
      if (active === null) throw new Error('The athletes are still being read');
      keep(updateAthleteSettings(active, patch, at()));
    },
    exerciseName: (id) => {
      const found = BUILT_IN_EXERCISES.find((e) => e.id === id) ?? store.exercises.peek().find((e) => e.id === id);
      return found?.name ?? 'Unknown exercise';
    },
    names: () => ({
      athlete: (id) => {
        const found = store.roster.peek().find((a) => a.id === id);
        return found === undefined ? { name: 'Unknown athlete', bodyMass: null } : { name: found.name, bodyMass: found.bodyMass };
      },
      exercise: (id) => {
        const found = BUILT_IN_EXERCISES.find((e) => e.id === id) ?? store.exercises.peek().find((e) => e.id === id);
        return found === undefined ? { name: 'Unknown exercise', massShare: null } : { name: found.name, massShare: found.massShare };
      },
    }),
  };
  return { keep, athlete, editing };
}
