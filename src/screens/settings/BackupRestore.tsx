/**
 * Settings → Data: the whole log to one file and back (logFile/backup.ts; the format is the
 * README's). The file goes through the share port like a CSV export: a download in a browser,
 * the share sheet in the native shell. Restoring reads a file the user picks and merges it:
 * nothing already kept is lost or doubled, and a file that is not a good backup is refused with
 * one sentence. Refused while a unit records, like Delete all data.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ChangeEvent, type ReactElement } from 'react';
import type { Journaling } from '../../journal/journaling';
import type { LogFile } from '../../logFile/logFile';
import type { SharePort } from '../../platform/share/port';
import { messageOf } from '../../shared/messageOf';
import { useStores } from '../../compose/appContext';

interface Props {
  journal: (Pick<Journaling, 'state'> & Pick<LogFile, 'backup' | 'restore'>) | null;
  share: () => SharePort;
  /** Whether a unit records (restoring is refused then). */
  connected: boolean;
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
      const { fileName, text } = await journal.backup();
      showStatus(`The log was backed up: ${whereItWent(await share().shareCsv(fileName, text))}.`);
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
      showStatus((await journal.restore(await file.text())).message);
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
        what this device lacks and keeps the newer copy of what both have: nothing is lost or doubled.
      </p>
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
