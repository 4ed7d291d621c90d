/**
 * The log leaving and entering the device, as Settings → Data offers it: the backup file of the
 * whole log, its merging restore, and one athlete's sessions ready for the session CSV. How each
 * is done is logTransfer.ts's, loaded with the first use so that none of it weighs on what starts
 * after the first render; the journal gives the records and takes a restore's (`merge`).
 */
import type { RestoreReport } from './backup';
import type { Journaling } from '../journal/journaling';
import type { AthleteSession } from './logTransfer';

export interface LogFile {
  /** The whole log as one backup file (backup.ts). */
  backup(): Promise<{ fileName: string; text: string }>;
  /** Merges a backup file's text into the log; refused while a unit records, and for a bad file (one sentence). */
  restore(text: string): Promise<RestoreReport & { message: string }>;
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
  const transfer = () => import('./logTransfer');
  return {
    async backup() {
      return (await transfer()).backupFile(await journal.opened(), now());
    },
    restore: (text) => journal.merge(async (store) => (await transfer()).restoreFile(store, text)),
    async athleteSessions(athleteId) {
      await journal.opened();
      const [athletes, exercises] = await Promise.all([journal.athletes(), journal.exercises()]);
      return (await transfer()).athleteSessions({ history: journal.history, recorded: journal.recorded, athletes, exercises }, athleteId);
    },
  };
}
