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
import type { TeamOrder } from '../rules/teamOrder';
import type { ChunkRecord, GapRecord, SessionRecord, SessionSummary } from '../log/records';

/**
 * One local edit of the journal (an edit made on this device: the store stamps it, journal/store.ts);
 * a batch of them is stored atomically and in order. A record written whole (`session`, `athlete`,
 * `exercise`) gets the edit's stamp on the registers it changed; `rate` gives a set's RPE and note
 * (rules/setTags.ts `withNote`), `removeAthlete` takes an athlete's sets out of a session,
 * `deleteSession` deletes a session (its tombstone stays), `patchSession` gives a session its
 * sets' records, `order` sets today's order; none of them brings back a deleted session.
 * `reassignSets` gives the sets of some athletes in a session to another (a phone's own athletes'
 * sessions counted as its team athlete's, log/edits.ts `reassignedSets`; the session's samples
 * are marked to go up with it, as nothing had shared them before).
 * `forgetAthlete` removes an athlete nothing names any more: the untouched first athlete of a new
 * device that a restored log replaces, a phone's own athlete once its sets are its team athlete's. `meta`
 * keeps a small value of this device's own (the sync client's cursor) with the records it goes with.
 * `retime` gives records of this device new stamps in place of old ones, their values unchanged
 * (edits the team server refused as stamped in the future: docs/sync.md §8).
 * Copies from outside (a restore, a sync) are merged instead (store.ts `merge`).
 */
export type JournalOp =
  | { kind: 'session'; record: SessionRecord }
  | { kind: 'chunk'; record: ChunkRecord }
  | { kind: 'gap'; record: GapRecord }
  | { kind: 'athlete'; record: Athlete }
  | { kind: 'exercise'; record: Exercise }
  | { kind: 'order'; order: TeamOrder | null }
  | { kind: 'rate'; sessionId: string; note: SetNote; setStarts: readonly number[] }
  | { kind: 'removeAthlete'; sessionId: string; athleteId: string }
  | { kind: 'deleteSession'; sessionId: string }
  | { kind: 'patchSession'; sessionId: string; patch: Partial<Pick<SessionRecord, 'sets'>> }
  | { kind: 'reassignSets'; sessionId: string; from: readonly string[]; to: string }
  | { kind: 'forgetAthlete'; athleteId: string }
  | { kind: 'meta'; key: string; value: unknown }
  | { kind: 'retime'; records: readonly { kind: 'athlete' | 'exercise' | 'session' | 'order'; id: string }[]; stamps: Readonly<Record<string, string>> };

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
  /** Athletes whose sets were taken out of it, with the stamp of that edit (SessionRecord.removedAthletes): their sets are nobody's. */
  removedAthletes: Readonly<Record<string, string>>;
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
  /** Athletes whose sets were taken out of it (SessionRecord.removedAthletes): `athleteIds` and `sets` already leave them out. */
  removedAthletes: Readonly<Record<string, string>>;
}
