/**
 * What the History, Profile and Team pages ask of the journal: the finished sessions, newest
 * first, each with its sets' records; the session being recorded; a kept session shown again; a
 * set rated afterwards; a session deleted. The sets' records of sessions finished before they were
 * kept are made from their samples once, after the journal opens (`backfill`).
 */
import { messageOf } from '../shared/messageOf';
import type { SetRecord } from '../rules/setRecords';
import type { SetNote } from '../rules/setTags';
import { listHistory, removeSession } from './archive';
import { recordedSession, setRecordsOf } from './recorded';
import type { SessionSummary } from '../log/records';
import type { HistoryEntry, RecordedSession } from './records';
import type { JournalAccess } from './recording';

/** The session being recorded, as the History shows it. */
export type SessionInProgress = Pick<HistoryEntry, 'id' | 'startedAt' | 'reps' | 'best' | 'unitKind'>;

export interface SessionHistoryDeps {
  journal: Pick<JournalAccess, 'store'>;
  /** Id of the session being recorded, or null. */
  recordingId: () => string | null;
  /** The figures of the session on screen (liveRecord.ts). */
  summaryNow: () => SessionSummary;
  /** Where a session that cannot be summed up set by set is named. */
  onError: (message: string) => void;
}

export interface SessionHistory {
  history(): Promise<HistoryEntry[]>;
  /**
   * The session being recorded, a recovered one included, with its figures so far; null while none
   * is. The History lists it apart: it is not finished, so `history()` leaves it out.
   */
  inProgress(): Promise<SessionInProgress | null>;
  /** A journaled session, its settings and its reps, reprocessed like recovery does (the session page, the CSV export). */
  recorded(id: string): Promise<RecordedSession>;
  /** Deletes a session with all its samples; its deletion is kept, so that no copy of it comes back (a restore, a sync). */
  remove(id: string): Promise<void>;
  /**
   * Takes one athlete's sets out of a session (docs/behaviour.md §10 "Taken out"): the session keeps
   * every sample for the others' sets, and `removedAthletes` names the athlete with the stamp of
   * the edit; when no other athlete keeps a counted set in it, the session is deleted instead.
   */
  removeAthlete(sessionId: string, athleteId: string): Promise<{ deletedSession: boolean }>;
  /**
   * The finished sessions, newest first, each with its sets' records: those an older session
   * lacks are made from its samples first, once (SessionRecord.sets).
   */
  summaries(): Promise<(HistoryEntry & { sets: SetRecord[] })[]>;
  /**
   * Keeps the RPE and note given for a set of a finished session (`setStarts`: its sets' first rep
   * starts): only the fields that changed are stamped (rules/setTags.ts `withNote`).
   */
  rateSet(sessionId: string, note: SetNote, setStarts: readonly number[]): Promise<void>;
}

export interface SessionHistoryService extends SessionHistory {
  /**
   * Gives every finished session that lacks them its sets' records, one at a time; once per
   * opening. A session that cannot be reprocessed keeps none (the History shows its own summary)
   * and is named once through `onError`.
   */
  backfill(): Promise<void>;
  /** The log changed wholesale (deleted, restored): the next `backfill` looks again. */
  forget(): void;
}

export function createSessionHistory(deps: SessionHistoryDeps): SessionHistoryService {
  const store = () => deps.journal.store();
  const history = () => listHistory(store());
  const recorded = (id: string): Promise<RecordedSession> => recordedSession(store(), id);

  let backfilled: Promise<void> | null = null;
  function backfill(): Promise<void> {
    backfilled ??= (async () => {
      const open = store();
      const failed: string[] = [];
      for (const entry of await history()) {
        if (entry.sets !== null) continue;
        try {
          await open.write([{ kind: 'patchSession', sessionId: entry.id, patch: { sets: setRecordsOf(await recorded(entry.id)) } }]);
        } catch (error) {
          failed.push(messageOf(error));
        }
      }
      if (failed.length > 0) deps.onError(`${failed.length} older session${failed.length === 1 ? '' : 's'} could not be summed up set by set (${failed[0]}); the History shows their totals only`);
    })().catch((error: unknown) => {
      backfilled = null;
      throw error;
    });
    return backfilled;
  }

  return {
    history,
    async inProgress() {
      const id = deps.recordingId();
      const meta = id === null ? undefined : await store().session(id);
      if (meta === undefined) return null;
      return { id: meta.id, startedAt: meta.startedAt, unitKind: meta.unitKind, ...deps.summaryNow() };
    },
    recorded,
    remove: (id) => removeSession(store(), id),
    async removeAthlete(sessionId, athleteId) {
      const open = store();
      const meta = await open.session(sessionId);
      if (meta === undefined) throw new Error('That session is no longer kept on this device');
      const sets = meta.sets ?? setRecordsOf(await recorded(sessionId));
      const removed = { ...meta.removedAthletes, [athleteId]: '' };
      const others = sets.some((set) => set.counted > 0 && removed[set.athleteId] === undefined);
      await open.write([others ? { kind: 'removeAthlete', sessionId, athleteId } : { kind: 'deleteSession', sessionId }]);
      return { deletedSession: !others };
    },
    async summaries() {
      await backfill();
      return (await history()).map((entry) => ({ ...entry, sets: entry.sets ?? [] }));
    },
    async rateSet(sessionId, note, setStarts) {
      const open = store();
      if ((await open.session(sessionId)) === undefined) throw new Error('That session is no longer kept on this device');
      await open.write([{ kind: 'rate', sessionId, note, setStarts }]);
    },
    backfill,
    forget() {
      backfilled = null;
    },
  };
}
