/**
 * A kept session whose samples cannot be read now (one pulled from the team server without them,
 * opened while offline: docs/sync.md "Samples down"): why, in one sentence, and what its record
 * has without them: its reps and best, then each athlete's set as they know it ("Ana, set 2")
 * with its exercise, plates, counted reps, best concentric velocity, RPE and note. The session
 * page tries again at the next chance and then shows the session whole (SessionScreen.tsx).
 */
import type { ReactElement } from 'react';
import type { HistoryEntry } from '../../journal/records';
import { athleteRecords, setName } from '../../rules/athleteSets';
import { figure } from '../../rules/labels';
import type { SetRecord } from '../../rules/setRecords';
import { notesBySet } from '../../rules/setTags';
import { best } from './sessionText';

export interface SessionAwayProps {
  entry: HistoryEntry;
  /** Why the samples cannot be read now. */
  why: string;
  athlete: (id: string) => string;
  exercise: (id: string) => string;
}

/** "Squat · 0.05 kg·m² · 4 reps · best 0.81 m/s · RPE 7 · “good depth”" */
function setLine(set: SetRecord, exercise: string, rating: { rpe: number | null; note: string } | undefined): string {
  const velocity = set.figures['velocity.concentric']?.best;
  return [
    exercise,
    set.inertia === null ? null : `${set.inertia}\u00a0kg·m²`,
    `${set.counted} rep${set.counted === 1 ? '' : 's'}`,
    velocity === undefined ? null : `best ${figure(velocity)}\u00a0m/s`,
    rating === undefined || rating.rpe === null ? null : `RPE ${rating.rpe}`,
    rating === undefined || rating.note === '' ? null : `“${rating.note}”`,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

export function SessionAway({ entry, why, athlete, exercise }: SessionAwayProps): ReactElement {
  const sets = athleteRecords(entry.sets ?? [], entry.removedAthletes);
  const ratings = notesBySet(entry.notes, sets.map((set) => set.startUs));
  return (
    <>
      <p className="notice" role="status">
        {why}
      </p>
      <p className="hint">{`${entry.reps} rep${entry.reps === 1 ? '' : 's'} · best ${best(entry)}`}</p>
      {sets.length > 0 && (
        <ul className="session-away" aria-label="Sets of the session">
          {sets.map((set, index) => (
            <li key={index}>
              <strong>{setName(athlete(set.athleteId), set)}</strong>: {setLine(set, exercise(set.exerciseId), ratings.get(index))}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
