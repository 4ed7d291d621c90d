/**
 * Deleting a kept session, from the History or the session's page, said in the athletes' terms
 * (rules/athleteSets.ts): from a History filtered to one athlete of a session others trained in
 * too, the choice is theirs alone ("Delete Ben's sets": their sets leave the session, the samples
 * stay for the others'; journal `removeAthlete`) or the whole session, whose confirmation names
 * the other athletes and their reps; otherwise the whole session, naming everyone in it. Both
 * buttons are in the danger colour: nothing here can be undone.
 */
import { useState, type ReactElement } from 'react';
import { Dialog } from '../../components/Dialog';
import { useStores } from '../../compose/appContext';
import type { HistoryEntry } from '../../journal/records';
import type { SessionHistory } from '../../journal/sessionHistory';
import { athleteRecords, athletesIn, type Removed } from '../../rules/athleteSets';
import { repsText } from '../../rules/labels';
import type { SetRecord } from '../../rules/setRecords';
import { when } from './sessionText';

export interface DeleteSessionProps {
  journal: Pick<SessionHistory, 'remove' | 'removeAthlete'>;
  session: Pick<HistoryEntry, 'id' | 'startedAt'> & { sets: readonly SetRecord[]; removed: Removed; reps: number };
  /** The athlete the History is filtered to, or null. */
  athleteId: string | null;
  name: (athleteId: string) => string;
  onCancel: () => void;
  /** After the deletion: `deletedSession` when no set of the session is kept. */
  onDone: (deletedSession: boolean) => Promise<void> | void;
}

/** The reps after each set's warmup of `athleteId` in the session. */
function repsOf(athleteId: string, sets: readonly SetRecord[], removed: Removed): number {
  return athleteRecords(sets, removed, { athleteId }).reduce((n, s) => n + s.counted, 0);
}

/** "Ana (7 reps) and Ben (5 reps)" */
function whoAndReps(ids: readonly string[], sets: readonly SetRecord[], removed: Removed, name: (id: string) => string): string {
  const parts = ids.map((id) => `${name(id)} (${repsText(repsOf(id, sets, removed))})`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export function DeleteSession({ journal, session, athleteId, name, onCancel, onDone }: DeleteSessionProps): ReactElement {
  const { attempt, showStatus } = useStores().alerts;
  const [busy, setBusy] = useState(false);
  const { sets, removed } = session;
  const athletes = athletesIn(sets, removed);
  // Whom the session stays for: the others with a counted rep (with none, taking one athlete out deletes it, journal `removeAthlete`).
  const others = athletes.filter((id) => id !== athleteId && repsOf(id, sets, removed) > 0);
  const theirsOnly = athleteId !== null && athletes.includes(athleteId) && others.length > 0;
  const date = when(session);
  const run = (action: () => Promise<boolean>) => async () => {
    setBusy(true);
    try {
      await attempt(async () => onDone(await action()));
    } finally {
      setBusy(false);
    }
  };
  const whole = run(async () => {
    await journal.remove(session.id);
    return true;
  });
  const theirs = run(async () => {
    const { deletedSession } = await journal.removeAthlete(session.id, athleteId!);
    showStatus(deletedSession ? `The session of ${date} was deleted: nobody else had a set in it.` : `${name(athleteId!)}’s sets were taken out of the session of ${date}.`);
    return deletedSession;
  });

  if (theirsOnly) {
    const who = name(athleteId);
    return (
      <Dialog
        title={`Delete ${who}’s sets?`}
        onClose={onCancel}
        actions={
          <>
            <button type="button" className="button" disabled={busy} onClick={onCancel}>
              Cancel
            </button>
            <button type="button" className="button button--delete" disabled={busy} onClick={() => void whole()}>
              Delete the whole session
            </button>
            <button type="button" className="button button--danger" disabled={busy} onClick={() => void theirs()}>
              Delete {who}’s sets
            </button>
          </>
        }
      >
        <p>
          {who}’s sets in the session of {date} ({repsText(repsOf(athleteId, sets, removed))}) will be deleted from this device. The sets of {whoAndReps(others, sets, removed, name)} stay, with the session’s samples.
        </p>
        <p>Delete the whole session, and the sets of {others.map(name).join(' and ')} go too, with all its samples. This cannot be undone.</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title="Delete session?"
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button--danger" disabled={busy} onClick={() => void whole()}>
            Delete
          </button>
        </>
      }
    >
      {athletes.length > 1 ? (
        <p>The session of {date} holds the sets of {whoAndReps(athletes, sets, removed, name)}: all of them and all its samples will be deleted from this device. This cannot be undone.</p>
      ) : (
        <p>The session of {date} ({repsText(session.reps)}) and all its samples will be deleted from this device. This cannot be undone.</p>
      )}
    </Dialog>
  );
}
