/**
 * The log leaving and entering the device, as Settings → Data offers it: the backup file of the
 * whole log, its merging restore, and one athlete's sessions ready for the session CSV. How each
 * is done is backup.ts's and logTransfer.ts's, loaded with the first use so that none of it weighs
 * on what starts after the first render; the journal gives the records and takes a restore's
 * (`merge`).
 */
import type { RestoreReport } from './backup';
import type { Journaling } from '../journal/journaling';
import type { AthleteSession } from './logTransfer';

export interface LogFile {
  /** The whole log as one backup file (backup.ts), a Blob built as a stream, and the time it holds the log of. */
  backup(): Promise<{ fileName: string; blob: Blob; exportedAt: number }>;
  /** Merges a backup file into the log, read as a stream; refused while a unit records, and for a bad file (one sentence). */
  restore(file: Blob): Promise<RestoreReport>;
  /** One athlete's part of every finished session they trained in, as session CSV input (logTransfer.ts). */
  athleteSessions(athleteId: string): Promise<AthleteSession[]>;
}

export interface LogFileDeps {
  journal: Pick<Journaling, 'opened' | 'merge' | 'history' | 'recorded' | 'athletes' | 'exercises'>;
  /** The clock that names a backup file. */
  now?: () => Date;
}

export function createLogFile(deps: LogFileDeps): LogFile {
  const { journal } = deps;
  const now = deps.now ?? (() => new Date());
  const backupCode = () => import('./backup');
  return {
    async backup() {
      return (await backupCode()).backupFile(await journal.opened(), now());
    },
    restore: (file) => journal.merge(async (store) => (await backupCode()).restoreBackup(store, file)),
    async athleteSessions(athleteId) {
      await journal.opened();
      const [athletes, exercises] = await Promise.all([journal.athletes(), journal.exercises()]);
      return (await import('./logTransfer')).athleteSessions({ history: journal.history, recorded: journal.recorded, athletes, exercises }, athleteId);
    },
  };
}
