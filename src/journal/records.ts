/**
 * What the session journal keeps, record by record. A set is sweat that cannot be redone, so the
 * raw samples are the truth: everything else (reps, metrics) is recomputed from them by the
 * engine on recovery, and the session record only carries what the engine cannot recompute
 * (settings, plates, unit) plus a summary so the history list needs no reprocessing.
 *
 * Samples are stored as Float64Array pairs (structured clone keeps them binary): one chunk is
 * about a second of recording, 200 samples, 3.2 kB.
 */
import type { EngineSettings, Metric, Rep, SampleBatch } from '../engine/types';
import type { ConnectedUnit, Unit } from '../device/unit';
import type { Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import type { LoadSpan } from '../rules/loads';
import type { SetRecord } from '../rules/setRecords';
import type { SetNote, TagSpan } from '../rules/setTags';
import type { WorkoutSettings } from '../rules/settingsModel';

/** Flywheel plate counts, largest plate first (docs/behaviour.md §3 "Flywheel plates": five sizes). */
export type PlateCounts = readonly [number, number, number, number, number];

export type Phase = 'concentric' | 'eccentric';

/**
 * The workout screen's own settings (metric, phase, target, drop, voice…). The journal stores
 * them as given and never interprets them: they belong to the UI's state layer.
 */
export type WorkoutSettingsSnapshot = Readonly<Record<string, unknown>>;

export interface JournalSettings {
  /** What the engine needs to reprocess the samples into the same reps (with `loads`). */
  engine: EngineSettings;
  workout: WorkoutSettingsSnapshot;
  /**
   * The session's plates and boost over time (rules/loads.ts). Records written before loads were
   * kept have none: their reps all take the engine settings' inertia.
   */
  loads?: LoadSpan[];
  /**
   * Who trained and what, over time (rules/setTags.ts). Every stored record has them from schema
   * version 2 on: the migration gives older records the first athlete and the Unspecified
   * exercise, and the store gives a record written without them the first athlete's
   * (`store.ts`). From version 3 on each span names the engine mass and radius its reps were
   * computed with and the athlete's warmup.
   */
  tags?: TagSpan[];
}

/** What `SessionJournal.start` is told about a new session. */
export interface SessionStart {
  settings: JournalSettings;
  plates: PlateCounts;
  /** Which kind of unit recorded the session, and what it reported on connect (null: unknown). */
  unitKind: Unit['kind'];
  unit: ConnectedUnit | null;
}

/** The figures the history list shows without reprocessing. */
export interface SessionSummary {
  /** Repetitions after the warmup (the Target card's count). */
  reps: number;
  /** Best mean of the chosen metric and phase over non-warmup reps; null when there were none. */
  best: { value: number; metric: Metric; phase: Phase } | null;
}

export interface SessionRecord extends SessionStart {
  id: string;
  /** Wall clock, ms since the epoch. */
  startedAt: number;
  /** Null while recording; a session left unfinished by a reload or crash stays null. */
  finishedAt: number | null;
  summary: SessionSummary | null;
  /**
   * ms since the epoch of the record's last change (schema version 2): of two copies of a
   * session (a restore, a later replication) the newer is kept. The migration gives older
   * records their finish time, or their start time while unfinished.
   */
  modifiedAt: number;
  /** The RPE and notes given after its sets (rules/setTags.ts), oldest set first. */
  notes?: SetNote[];
  /**
   * Each set as the History, progress, Profile and Team view read it (rules/setRecords.ts), written
   * when the session finishes (schema version 3); a finished record without them (written before)
   * gets them from its samples once, after the journal opens (sessionHistory.ts).
   */
  sets?: SetRecord[];
}

/** About a second of raw samples; `seq` counts from 0 without holes within a session. */
export interface ChunkRecord {
  sessionId: string;
  seq: number;
  timeUs: Float64Array;
  angleDeg: Float64Array;
}

/** Device time with no samples: the link dropped after `fromUs` and came back at `toUs`. */
export interface GapRecord {
  sessionId: string;
  seq: number;
  fromUs: number;
  toUs: number;
}

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

/** Throws a clear Error unless `plates` holds five non-negative integer counts. */
export function checkPlates(plates: readonly number[]): PlateCounts {
  if (plates.length !== 5 || !plates.every((n) => Number.isInteger(n) && n >= 0)) {
    throw new Error(`plates must be five non-negative integer counts, got [${plates.join(', ')}]`);
  }
  return plates as unknown as PlateCounts;
}
