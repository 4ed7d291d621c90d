/**
 * How a journaled session becomes the set on screen again (recovery after a reload or crash, and
 * reopening from the history), and the start-up offer's figures. Kept free of IndexedDB so the
 * recovery dialog can use it without loading the journal code.
 *
 * Decisions where the product rules are silent:
 * - Only the newest unfinished session is offered; older ones wait for the next start. An
 *   unfinished session without a single sample has nothing to recover and is removed quietly.
 * - A journaled session brings its own settings and plates back (they made its reps); they
 *   become the current settings, as they were when it was recorded.
 * - The record keeps every workout setting except the plates (kept on their own) as a flat
 *   snapshot; a field missing from an older record takes its default.
 * - A record from before loads were kept has the inertia of its settings throughout and an
 *   unknown boost, taken as Off.
 */
import type { SessionRecord, WorkoutSettingsSnapshot } from '../log/records';
import type { LoadedSession } from './records';
import { withTail } from './journalTail';
import { firstLoads, type LoadSpan } from '../rules/loads';
import { parseStoredSettings, type WorkoutSettings } from '../rules/settingsModel';
import { messageOf } from '../shared/messageOf';

/** The unfinished session offered at start-up. */
export interface RecoveryOffer {
  /** The session as it will show: what the journal stored plus the saved tail. */
  loaded: LoadedSession;
  /** What the journal stored, and what the tail adds to it (journaled again on Recover). */
  stored: LoadedSession;
  missing: { timeUs: number[]; angleDeg: number[]; gaps: { fromUs: number; toUs: number }[] };
  /** Wall clock, ms since the epoch. */
  startedAt: number;
  samples: number;
  /** Device time from the first to the last sample, s. */
  durationS: number;
}

export function offerOf(stored: LoadedSession, missing: RecoveryOffer['missing']): RecoveryOffer {
  const loaded = withTail(stored, missing);
  const t = loaded.samples.timeUs;
  return {
    loaded,
    stored,
    missing,
    startedAt: loaded.meta.startedAt,
    samples: t.length,
    durationS: t.length > 1 ? (t[t.length - 1]! - t[0]!) / 1e6 : 0,
  };
}

/** What a session record keeps of the workout settings. */
export function workoutSnapshot(s: WorkoutSettings): WorkoutSettingsSnapshot {
  const { plates: _plates, ...rest } = s;
  return rest;
}

/** The plates and boost a session was recorded at, over time. */
export function loadsFromRecord(meta: SessionRecord): LoadSpan[] {
  return meta.settings.loads ?? firstLoads({ inertia: meta.settings.engine.inertia, boost: 0 });
}

/** The workout settings a session was recorded with; throws a clear Error for a broken record. */
export function settingsFromRecord(meta: SessionRecord): WorkoutSettings {
  try {
    return parseStoredSettings(JSON.stringify({ ...meta.settings.workout, plates: [...meta.plates] }));
  } catch (error) {
    throw new Error(`The settings of session ${meta.id} cannot be used: ${messageOf(error)}`);
  }
}

/** "1 h 02 min", "12 min 05 s", "45 s": how long a recording lasted. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${pad(Math.floor((s % 3600) / 60))} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${pad(s % 60)} s`;
  return `${s} s`;
}
