/**
 * The backup file's format (the README's "Backing up the log"): one JSON object,
 *
 *     { "format": "repline-backup", "version": 3, "exportedAt": "2026-06-02T07:00:00.000Z",
 *       "athletes": [Athlete…], "exercises": [custom Exercise…], "order": OrderRecord | null,
 *       "deleted": [SessionTombstone…],
 *       "sessions": [{ "record": SessionRecord, "chunks": [ChunkRecord…], "gaps": [GapRecord…] }…] }
 *
 * with the records exactly as the journal keeps them, their edit stamps included (log/records.ts,
 * rules/athletes.ts, rules/exercises.ts, log/merge.ts), samples and the numbers JSON lacks tagged
 * as log/codec.ts says. Version 3 added the stamps, `order` and `deleted` (the sessions deleted, so
 * that restoring an older copy elsewhere does not bring them back); a version-2 or version-1 file
 * has none of them, and its records take their stamps from their modification times as the
 * merge does for any record kept before stamps (a version-1 file's sessions are also brought up
 * to date as the journal's migration does: journal/schema.ts `toVersion3`).
 */

export const BACKUP_FORMAT = 'repline-backup';
export const BACKUP_VERSION = 3;

/** Why a file cannot be restored, in one sentence for the user. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

export const NOT_A_BACKUP = 'This file is not a Repline backup.';

export function newerVersion(version: unknown): BackupError {
  return new BackupError(`This backup was made by a newer version of Repline (backup format ${String(version)}); update the app to restore it.`);
}

export function damaged(where: string, why: string): BackupError {
  return new BackupError(`This backup is damaged (${where}: ${why}); nothing was restored.`);
}

/** The file name of a backup made at `now`. */
export function backupFileName(now: Date): string {
  return `Repline-backup-${now.getTime()}.json`;
}
