/**
 * Settings → Data: the whole log to one file and back (logFile/backup.ts; the format is the
 * README's). The file is made and read as a stream, whatever its size, and goes through the share
 * port like a CSV export: a download in a browser, the share sheet in the native shell. Restoring
 * reads a file the user picks and merges it: nothing already kept is lost or doubled, a session
 * deleted here stays deleted, and a file that is not a good backup is refused with one sentence.
 * Refused while a unit records, like Delete all data. Above the buttons: whether the browser keeps
 * the log's storage, and when the log was last backed up (journal/logSafety.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ChangeEvent, type ReactElement } from 'react';
import type { Journaling } from '../../journal/journaling';
import type { SafetyState } from '../../journal/logSafety';
import type { LogFile } from '../../logFile/logFile';
import type { SharePort } from '../../platform/share/port';
import { messageOf } from '../../shared/messageOf';
import { useStores } from '../../compose/appContext';

interface Props {
  journal: (Pick<Journaling, 'state' | 'safety' | 'backedUp'> & Pick<LogFile, 'backup' | 'restore'>) | null;
  share: () => SharePort;
  /** Whether a unit records (restoring is refused then). */
  connected: boolean;
}

const day = (at: number) => new Date(at).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** Whether the browser keeps the log, and when it was last backed up. */
function Safety({ state }: { state: SafetyState }): ReactElement {
  const kept =
    state.persisted === true
      ? 'Storage: kept. The browser keeps this log until you delete it.'
      : state.persisted === false
        ? 'Storage: not kept. The browser may delete this log when the device runs short of space; back it up to keep a copy.'
        : 'Storage: this browser does not say whether it keeps this log; back it up to keep a copy.';
  const backup = state.lastBackupAt === null ? 'Last backup: never.' : `Last backup: ${day(state.lastBackupAt)}.`;
  return (
    <ul className="data__safety" aria-label="Keeping the log">
      <li>{kept}</li>
      <li>
        {backup}
        {state.oldestUnbacked !== null && ` Sessions since ${day(state.oldestUnbacked)} are not in a backup${state.backupDue ? ': back up the log.' : '.'}`}
      </li>
    </ul>
  );
}

/** Where the file went, after the share port's answer. */
function whereItWent(result: string): string {
  if (result === 'web') return 'the file was saved to your downloads';
  if (result === '') return 'the file was handed to the share sheet';
  return 'the file went to the app you chose';
}

export function BackupRestore({ journal, share, connected }: Props): ReactElement {
  const { showError, showStatus } = useStores().alerts;
  useSignals();
  const open = journal?.state.value.kind === 'open';
  const [busy, setBusy] = useState(false);

  async function backUp(): Promise<void> {
    if (journal === null) return;
    setBusy(true);
    try {
      const { fileName, blob, exportedAt } = await journal.backup();
      const where = whereItWent(await share().shareFile(fileName, blob));
      await journal.backedUp(exportedAt);
      showStatus(`The log was backed up: ${where}.`);
    } catch (error) {
      showError(`The log could not be backed up: ${messageOf(error)}`);
    } finally {
      setBusy(false);
    }
  }

  async function restore(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (journal === null || file === undefined) return;
    setBusy(true);
    try {
      showStatus((await journal.restore(file)).message);
    } catch (error) {
      showError(error instanceof Error && error.name === 'BackupError' ? error.message : `The backup could not be restored (${messageOf(error)}); nothing was changed.`);
    } finally {
      input.value = '';
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="backup-title">
      <h3 id="backup-title">Back up and restore</h3>
      <p>
        One file holds every session, athlete and exercise kept on this device, to keep a copy or move to a new phone. Restoring a file adds
        what this device lacks and keeps the later edit of each thing both have (a rating, a note, a name): nothing is lost or doubled, and a
        session deleted here stays deleted.
      </p>
      {journal !== null && <Safety state={journal.safety.value} />}
      <div className="data__actions">
        <button type="button" className="button" disabled={!open || busy} onClick={() => void backUp()}>
          Back up the log
        </button>
        <label className={`button${!open || busy || connected ? ' button--disabled' : ''}`}>
          Restore from a backup
          <input type="file" accept=".json,application/json" className="visually-hidden" disabled={!open || busy || connected} onChange={(e) => void restore(e)} />
        </label>
      </div>
    </section>
  );
}
