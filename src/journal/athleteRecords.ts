/**
 * The athletes and custom exercises the journal keeps beside the sessions (every set names them,
 * so they are backed up, restored and deleted with the log). The team service reads and edits
 * them (`src/team/`); the built-in exercises live in code (rules/exercises.ts).
 */
import type { Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import type { JournalAccess } from './recording';

export interface AthleteRecords {
  /** The athletes and the custom exercises kept on this device. */
  athletes(): Promise<Athlete[]>;
  exercises(): Promise<Exercise[]>;
  /** Keeps a new or changed athlete, or custom exercise. */
  saveAthlete(athlete: Athlete): Promise<void>;
  saveExercise(exercise: Exercise): Promise<void>;
}

export function athleteRecords(journal: Pick<JournalAccess, 'store'>): AthleteRecords {
  return {
    athletes: () => journal.store().athletes(),
    exercises: () => journal.store().exercises(),
    saveAthlete: (athlete) => journal.store().write([{ kind: 'athlete', record: athlete }]),
    saveExercise: (exercise) => journal.store().write([{ kind: 'exercise', record: exercise }]),
  };
}
