/**
 * The athletes and custom exercises the journal keeps beside the sessions (every set names them,
 * so they are backed up, restored and deleted with the log), and today's order as the team shares
 * it. The team service reads and edits them (`src/team/`); the built-in exercises live in code
 * (rules/exercises.ts).
 *
 * Stamping happens where they are kept: an athlete or exercise is saved whole, and the store gives
 * the edit's stamp to exactly the fields that differ from the copy it holds (log/edits.ts). That is
 * the one place every change passes through, whichever rule made it (a rename on the Team page, the
 * settings on screen kept with the athlete up, an exercise chosen), so the rules stay pure and
 * free of clocks, and no edit can forget its stamp.
 */
import type { Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import type { TeamOrder } from '../rules/teamOrder';
import type { OrderRecord } from '../log/records';
import type { JournalAccess } from './recording';

export interface AthleteRecords {
  /** The athletes and the custom exercises kept on this device. */
  athletes(): Promise<Athlete[]>;
  exercises(): Promise<Exercise[]>;
  /** Keeps a new or changed athlete, or custom exercise. */
  saveAthlete(athlete: Athlete): Promise<void>;
  saveExercise(exercise: Exercise): Promise<void>;
  /** Today's order as kept in the log, with the stamp of its last edit (null: never set here nor merged in). */
  order(): Promise<OrderRecord | null>;
  /** Keeps today's order (null: ended) as an edit of this device, stamped: what a sync shares with the team. */
  saveOrder(order: TeamOrder | null): Promise<void>;
}

export function athleteRecords(journal: Pick<JournalAccess, 'store'>): AthleteRecords {
  return {
    athletes: () => journal.store().athletes(),
    exercises: () => journal.store().exercises(),
    saveAthlete: (athlete) => journal.store().write([{ kind: 'athlete', record: athlete }]),
    saveExercise: (exercise) => journal.store().write([{ kind: 'exercise', record: exercise }]),
    order: () => journal.store().order(),
    saveOrder: (order) => journal.store().write([{ kind: 'order', order }]),
  };
}
