/**
 * What the session journal keeps, record by record. A set is sweat that cannot be redone, so the
 * raw samples are the truth: everything else (reps, metrics) is recomputed from them by the
 * engine on recovery, and the session record only carries what the engine cannot recompute
 * (settings, plates, unit) plus a summary so the history list needs no reprocessing.
 *
 * Samples are stored as Float64Array pairs (structured clone keeps them binary): one chunk is
 * about a second of recording, 200 samples, 3.2 kB.
 */
import type { EngineSettings, Metric, SampleBatch } from '../engine/types';
import type { ConnectedUnit, Unit } from '../device/unit';
import type { LoadSpan } from '../rules/loads';

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

/** One write of the journal; a batch of them is stored atomically and in order. */
export type JournalOp =
  | { kind: 'session'; record: SessionRecord }
  | { kind: 'chunk'; record: ChunkRecord }
  | { kind: 'gap'; record: GapRecord };

/** A recovered or opened session: its record, every journaled sample in order, its gaps. */
export interface LoadedSession {
  meta: SessionRecord;
  samples: SampleBatch;
  gaps: { fromUs: number; toUs: number }[];
  /** Number of chunks read; a resumed journal continues at this `seq`. */
  chunks: number;
}

/** One row of the history list. */
export interface HistoryEntry {
  id: string;
  startedAt: number;
  finishedAt: number;
  reps: number;
  best: SessionSummary['best'];
  unitKind: Unit['kind'];
}

/** Throws a clear Error unless `plates` holds five non-negative integer counts. */
export function checkPlates(plates: readonly number[]): PlateCounts {
  if (plates.length !== 5 || !plates.every((n) => Number.isInteger(n) && n >= 0)) {
    throw new Error(`plates must be five non-negative integer counts, got [${plates.join(', ')}]`);
  }
  return plates as unknown as PlateCounts;
}
