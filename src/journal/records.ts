/**
 * What the journal works with beyond the log's records (src/log/records.ts): its writes, a
 * session as loaded back, a kept session reprocessed, and a row of the history list.
 */
import type { Rep, SampleBatch } from '../engine/types';
import type { Unit } from '../device/unit';
import type { Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import type { LoadSpan } from '../rules/loads';
import type { SetRecord } from '../rules/setRecords';
import type { SetNote, TagSpan } from '../rules/setTags';
import type { WorkoutSettings } from '../rules/settingsModel';
import type { ChunkRecord, GapRecord, SessionRecord, SessionSummary } from '../log/records';

/**
 * One write of the journal; a batch of them is stored atomically and in order. `clear` removes a
 * session's record, chunks and gaps (a restore replacing it with a newer copy); `forgetAthlete`
 * an athlete (the untouched placeholder of a new device, replaced by a restored log);
 * `patchSession` changes a few fields of a session record if it is still there (a note given
 * later, the sets' records of an older session), so it never brings back a deleted one.
 */
export type JournalOp =
  | { kind: 'session'; record: SessionRecord }
  | { kind: 'chunk'; record: ChunkRecord }
  | { kind: 'gap'; record: GapRecord }
  | { kind: 'athlete'; record: Athlete }
  | { kind: 'exercise'; record: Exercise }
  | { kind: 'clear'; sessionId: string }
  | { kind: 'forgetAthlete'; athleteId: string }
  | { kind: 'patchSession'; sessionId: string; patch: Partial<Pick<SessionRecord, 'sets' | 'notes' | 'modifiedAt'>> };

/** A recovered or opened session: its record, every journaled sample in order, its gaps. */
export interface LoadedSession {
  meta: SessionRecord;
  samples: SampleBatch;
  gaps: { fromUs: number; toUs: number }[];
  /** Number of chunks read; a resumed journal continues at this `seq`. */
  chunks: number;
}

/** A kept session as it is shown again: its record and samples, settings, reps, loads and who trained what. */
export interface RecordedSession {
  loaded: LoadedSession;
  settings: WorkoutSettings;
  reps: Rep[];
  loads: LoadSpan[];
  tags: TagSpan[];
  notes: SetNote[];
}

/** One row of the history list. */
export interface HistoryEntry {
  id: string;
  startedAt: number;
  finishedAt: number;
  reps: number;
  best: SessionSummary['best'];
  unitKind: Unit['kind'];
  /** Who trained in it and what, each once, in the order they first came up. */
  athleteIds: string[];
  exerciseIds: string[];
  /** The plates' inertias it was trained at, lightest first (its loads'). */
  inertias: number[];
  /** Its sets' records; null until they are made (an older session, see SessionRecord.sets). */
  sets: SetRecord[] | null;
  /** The RPE and notes given after its sets. */
  notes: SetNote[];
}
