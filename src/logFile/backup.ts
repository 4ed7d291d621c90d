/**
 * The whole log in one file and back: Settings → Data's "Back up" and "Restore" (the format:
 * backupFormat.ts and the README's "Backing up the log"; written by backupWriter.ts, read by
 * backupReader.ts, both as streams, so a log of any length goes through).
 *
 * Restoring merges by the log's rules (docs/behaviour.md §10, through the journal's `merge`):
 * every record with the copy kept, register by register and note field by note field, the later
 * edit of each winning; chunks and gaps only added; a session deleted on either side stays
 * deleted. Restoring a file twice, or an older file after a newer one, changes nothing. The file
 * is read twice: first checked whole, with nothing written (a file that is not a backup, is of a
 * newer format, or is damaged anywhere, cut short included, is refused with one sentence and the
 * device holds what it held), then merged a few hundred records at a time, each session's record
 * after its samples, so that a restore stopped half way (storage full) leaves whole sessions, and
 * restoring again completes it.
 *
 * A device with no session and only the athlete its first start made, whose name, body mass and
 * archived flag were never edited, gives that athlete up for the file's (they were nobody yet);
 * a session from the file is never offered for recovery as this device's crash
 * (journal/archive.ts `findUnfinished`).
 */
import { parseStamp } from '../log/stamp';
import type { SessionCopy } from '../log/merge';
import { addReports, emptyReport, type MergeReport } from '../journal/logMerge';
import { toVersion3 } from '../journal/schema';
import type { JournalStore, LogEntry } from '../journal/store';
import { backupFileName } from './backupFormat';
import { readBackup } from './backupReader';
import { backupBlob } from './backupWriter';

export { BackupError } from './backupFormat';

/** Records merged per transaction; chunks are about 3.2 kB of samples each. */
const ENTRIES_PER_MERGE = 400;

export interface RestoreReport extends MergeReport {
  /** What the restore did, in one line for the status region. */
  message: string;
}

/** The backup file of the whole log, named by when it was made. */
export async function backupFile(store: JournalStore, now: Date): Promise<{ fileName: string; blob: Blob; exportedAt: number }> {
  return { fileName: backupFileName(now), blob: await backupBlob(store, now), exportedAt: now.getTime() };
}

/** "Restored: 4 sessions added, 1 updated, 2 already here": what a restore did, for the status line. */
export function restoreSummary(report: MergeReport): string {
  const { added, updated, unchanged, deleted, stayDeleted } = report.sessions;
  const n = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  const more = [deleted > 0 ? `${deleted} deleted as the file says` : '', stayDeleted > 0 ? `${stayDeleted} left deleted (deleted on this device since)` : ''].filter((x) => x !== '');
  return `Restored: ${n(added, 'session')} added, ${updated} updated, ${unchanged} already here${more.map((x) => `, ${x}`).join('')}`;
}

/** The id of the untouched first athlete of a device that has recorded nothing, or null. */
async function placeholderAthlete(store: JournalStore): Promise<string | null> {
  const [sessions, deleted, athletes] = await Promise.all([store.sessions(), store.tombstones(), store.athletes()]);
  if (sessions.length > 0 || deleted.length > 0 || athletes.length !== 1) return null;
  const [only] = athletes as [(typeof athletes)[number]];
  const untouched = ['name', 'bodyMass', 'archived'].every((field) => {
    const stamp = only.stamps?.[field];
    return stamp === undefined || parseStamp(stamp).node === '';
  });
  return untouched ? only.id : null;
}

/** Merges the backup in `file` into the journal (see the module comment); a BackupError says why a file cannot be. */
export async function restoreBackup(store: JournalStore, file: Blob): Promise<RestoreReport> {
  const placeholder = await placeholderAthlete(store);
  const { version } = await readBackup(file, () => {});

  let report = emptyReport();
  let batch: LogEntry[] = [];
  /** The session whose samples are being read: merged after them. */
  let pending: SessionCopy | null = null;
  let broughtAthletes = false;
  const flush = async () => {
    if (batch.length === 0) return;
    const entries = batch;
    batch = [];
    report = addReports(report, await store.merge(entries, { from: 'file' }));
  };
  const add = async (entry: LogEntry) => {
    batch.push(entry);
    if (batch.length >= ENTRIES_PER_MERGE) await flush();
  };
  await readBackup(file, async (item) => {
    switch (item.kind) {
      case 'session':
        if (pending !== null) await add({ kind: 'session', record: pending });
        pending = version === 1 ? toVersion3(item.record) : item.record;
        return;
      case 'deleted':
        return add({ kind: 'session', record: item.record });
      case 'athlete':
        broughtAthletes = true;
        return add(item);
      default:
        return add(item);
    }
  });
  if (pending !== null) await add({ kind: 'session', record: pending });
  await flush();
  if (placeholder !== null && broughtAthletes && !(await store.athletes()).every((a) => a.id === placeholder)) {
    const named = (await store.sessions()).some((s) => s.settings.tags?.some((t) => t.athleteId === placeholder));
    if (!named) await store.write([{ kind: 'forgetAthlete', athleteId: placeholder }]);
  }
  return { ...report, message: restoreSummary(report) };
}
