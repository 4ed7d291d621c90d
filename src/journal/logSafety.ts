/**
 * Keeping the log safe on this device: the browser is asked to keep the site's storage
 * (persistent storage, platform/storage/persistence.ts) when the first session is kept, since a
 * browser short of space may otherwise evict the journal, the log's only copy until it is backed
 * up; and the coach is reminded, once and in the status line, when a week of sessions has no
 * backup. Settings → Data shows both: whether storage is kept, and when the log was last backed up.
 *
 * Kept in this device's storage (`SAFETY_KEY`), not in the log: whether persistence was asked
 * for (a browser that asks the user should not ask at every session), when the log was last backed
 * up (the time the file holds the log of), and which backup the last reminder was about (one
 * reminder per week without a backup).
 */
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { PersistencePort } from '../platform/storage/persistence';
import type { StoragePort } from '../platform/storage/port';

export const SAFETY_KEY = 'repline.safety.v1';

/** A week, ms: sessions older than this with no backup since bring the reminder. */
export const BACKUP_REMINDER_AFTER_MS = 7 * 24 * 3_600_000;

export const BACKUP_REMINDER = 'A week of sessions has no backup: keep a copy of the log from Settings → Data → Back up the log.';

export interface SafetyState {
  /** Whether the browser keeps the site's storage (null: it cannot say, or not asked yet). */
  persisted: boolean | null;
  /** ms since the epoch of the log the last backup holds; null: never backed up here. */
  lastBackupAt: number | null;
  /** The oldest finished session the last backup lacks (ms since the epoch), null when it lacks none. */
  oldestUnbacked: number | null;
  /** Whether that session is a week old or more: a backup is due. */
  backupDue: boolean;
}

interface Kept {
  asked: boolean;
  lastBackupAt: number | null;
  /** `lastBackupAt` (0 for never) when the reminder was last shown. */
  remindedFor: number | null;
}

export interface LogSafety {
  readonly state: ReadonlySignal<SafetyState>;
  /** Reads whether storage is kept and whether a reminder is due (at start); `sessions`: the finished sessions' start times. */
  check(sessions: readonly number[]): Promise<void>;
  /** A session was kept: the first time, persistent storage is asked for; the reminder is looked at again. */
  sessionKept(sessions: readonly number[]): Promise<void>;
  /** The backup file holding the log up to `at` was handed over. */
  backedUp(at: number, sessions: readonly number[]): void;
}

export interface LogSafetyDeps {
  persistence: PersistencePort;
  storage: () => StoragePort;
  now: () => number;
  /** The reminder, shown once (the status line). */
  remind: (message: string) => void;
}

export function createLogSafety(deps: LogSafetyDeps): LogSafety {
  const read = (): Kept => {
    try {
      const kept = JSON.parse(deps.storage().read(SAFETY_KEY) ?? '{}') as Partial<Kept>;
      const time = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
      return { asked: kept.asked === true, lastBackupAt: time(kept.lastBackupAt), remindedFor: time(kept.remindedFor) };
    } catch {
      return { asked: false, lastBackupAt: null, remindedFor: null };
    }
  };
  let kept = read();
  const keep = (next: Kept) => {
    kept = next;
    deps.storage().write(SAFETY_KEY, JSON.stringify(next));
  };
  const state = signal<SafetyState>({ persisted: null, lastBackupAt: kept.lastBackupAt, oldestUnbacked: null, backupDue: false });

  /** Sums up what the last backup lacks, and reminds once when it lacks a week of sessions. */
  function look(sessions: readonly number[]): void {
    const since = kept.lastBackupAt ?? Number.NEGATIVE_INFINITY;
    const unbacked = sessions.filter((at) => at > since);
    const oldestUnbacked = unbacked.length === 0 ? null : Math.min(...unbacked);
    const backupDue = oldestUnbacked !== null && deps.now() - oldestUnbacked >= BACKUP_REMINDER_AFTER_MS;
    state.value = { ...state.peek(), lastBackupAt: kept.lastBackupAt, oldestUnbacked, backupDue };
    const about = kept.lastBackupAt ?? 0;
    if (backupDue && kept.remindedFor !== about) {
      keep({ ...kept, remindedFor: about });
      deps.remind(BACKUP_REMINDER);
    }
  }

  return {
    state,
    async check(sessions) {
      const persisted = await deps.persistence.persisted();
      state.value = { ...state.peek(), persisted };
      look(sessions);
    },
    async sessionKept(sessions) {
      if (!kept.asked && state.peek().persisted !== true) {
        keep({ ...kept, asked: true });
        const persisted = await deps.persistence.persist();
        state.value = { ...state.peek(), persisted };
      }
      look(sessions);
    },
    backedUp(at, sessions) {
      keep({ ...kept, lastBackupAt: Math.max(at, kept.lastBackupAt ?? at) });
      look(sessions);
    },
  };
}
