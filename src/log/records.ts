/**
 * The log's records, as every copy of it keeps them (this device's journal, a backup file, the
 * team server): a session, its sample chunks and its link gaps. A set is sweat that cannot be
 * redone, so the raw samples are the truth: everything else (reps, metrics) is recomputed from them by the
 * engine on recovery, and the session record only carries what the engine cannot recompute
 * (settings, plates, unit) plus a summary so the history list needs no reprocessing.
 *
 * Samples are stored as Float64Array pairs (structured clone keeps them binary): one chunk is
 * about a second of recording, 200 samples, 3.2 kB.
 */
import type { EngineSettings, Metric } from '../engine/types';
import type { ConnectedUnit, Unit } from '../device/unit';
import type { LoadSpan } from '../rules/loads';
import type { SetRecord } from '../rules/setRecords';
import type { SetNote, TagSpan } from '../rules/setTags';
import type { TeamOrder } from '../rules/teamOrder';

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
  /** Per register (`recording`, `tags`, `sets`), the stamp of its last edit (log/merge.ts); absent on records kept before stamps. */
  stamps?: Readonly<Record<string, string>>;
  /** Athletes whose sets were taken out of this session, with the stamp of that edit: their sets are nobody's (log/merge.ts). */
  removedAthletes?: Readonly<Record<string, string>>;
  /**
   * Each set as the History, progress, Profile and Team view read it (rules/setRecords.ts), written
   * when the session finishes (schema version 3); a finished record without them (written before)
   * gets them from its samples once, after the journal opens (journal/sessionHistory.ts).
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
 * The coach's order for today as the team shares it (rules/teamOrder.ts): one record per team, one
 * register (`stamp`, log/merge.ts `mergeOrders`); null once the coach cleared it.
 */
export interface OrderRecord {
  order: TeamOrder | null;
  stamp: string;
  /** ms since the epoch of the change, on the changing device's clock. */
  modifiedAt: number;
}

/** Throws a clear Error unless `plates` holds five non-negative integer counts. */
export function checkPlates(plates: readonly number[]): PlateCounts {
  if (plates.length !== 5 || !plates.every((n) => Number.isInteger(n) && n >= 0)) {
    throw new Error(`plates must be five non-negative integer counts, got [${plates.join(', ')}]`);
  }
  return plates as unknown as PlateCounts;
}
