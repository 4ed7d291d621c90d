/**
 * The whole log in one file and back: Settings → Data's "Back up" and "Restore". The format is
 * the README's ("Backing up the log"); in short, one JSON object:
 *
 *     { "format": "repline-backup", "version": 2, "exportedAt": "2025-06-02T07:00:00.000Z",
 *       "athletes": [Athlete…], "exercises": [custom Exercise…],
 *       "sessions": [{ "record": SessionRecord, "chunks": [ChunkRecord…], "gaps": [GapRecord…] }…] }
 *
 * with the records exactly as the journal stores them (journal/records.ts, rules/athletes.ts,
 * rules/exercises.ts), samples and the numbers JSON lacks tagged as log/codec.ts says.
 * Version 2 holds the records of journal schema 3 (tag spans with their mass, radius and warmup;
 * finished sessions with their sets' records); a version-1 file's sessions are brought up to date
 * as the journal's migration does (journal/schema.ts `toVersion3`), their sets' records made after the
 * restore like those of any older session.
 *
 * Restoring merges, never duplicates: a session, athlete or exercise is known by its id; one the
 * device lacks is added, one it has is replaced only when the file's copy was modified later
 * (`modifiedAt`), with all its samples and gaps. On a device with no session yet, the athlete its
 * first start made (untouched) gives way to the file's athletes. The whole restore is one
 * transaction. A file
 * that is not a backup, is of a newer format, or is damaged anywhere is refused before anything
 * is written, with one plain sentence ({@link BackupError}); what the device holds is untouched.
 */
import { parseAthlete, type Athlete } from '../rules/athletes';
import { parseExercise, type Exercise } from '../rules/exercises';
import { messageOf } from '../shared/messageOf';
import { decode, encode } from '../log/codec';
import { type ChunkRecord, type GapRecord, type SessionRecord } from '../log/records';
import { checkSession } from '../log/validate';
import { type JournalOp } from '../journal/records';
import { toVersion3 } from '../journal/schema';
import type { JournalStore } from '../journal/store';

export const BACKUP_FORMAT = 'repline-backup';
export const BACKUP_VERSION = 2;

export interface BackupSession {
  record: SessionRecord;
  chunks: ChunkRecord[];
  gaps: GapRecord[];
}

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: number;
  exportedAt: string;
  athletes: Athlete[];
  exercises: Exercise[];
  sessions: BackupSession[];
}

/** Why a file cannot be restored, in one sentence for the user. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** The whole journal as the text of a backup file. */
export async function backupOf(store: JournalStore, now: Date): Promise<string> {
  const [athletes, exercises, records] = await Promise.all([store.athletes(), store.exercises(), store.sessions()]);
  const sessions: string[] = [];
  for (const record of records.sort((a, b) => a.startedAt - b.startedAt)) {
    const [chunks, gaps] = await Promise.all([store.chunks(record.id), store.gaps(record.id)]);
    sessions.push(JSON.stringify(encode({ record, chunks, gaps })));
  }
  const head = JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, exportedAt: now.toISOString(), athletes: encode(athletes), exercises: encode(exercises) });
  return `${head.slice(0, -1)},"sessions":[${sessions.join(',')}]}`;
}

/** The backup in `text`; throws a {@link BackupError} for anything else. */
export function readBackup(text: string): Backup {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupError('This file is not a Repline backup.');
  }
  const top = raw as Record<string, unknown> | null;
  if (typeof top !== 'object' || top === null || top.format !== BACKUP_FORMAT) throw new BackupError('This file is not a Repline backup.');
  if (typeof top.version !== 'number' || top.version > BACKUP_VERSION) {
    throw new BackupError(`This backup was made by a newer version of Repline (backup format ${String(top.version)}); update the app to restore it.`);
  }
  const damaged = (where: string, error: unknown) => new BackupError(`This backup is damaged (${where}: ${messageOf(error)}); nothing was restored.`);
  if (!Array.isArray(top.athletes) || !Array.isArray(top.exercises) || !Array.isArray(top.sessions)) throw damaged('its contents', new Error('athletes, exercises and sessions must be lists'));
  const athletes = top.athletes.map((a, i) => guard(`athlete ${i + 1}`, damaged, () => parseAthlete(decode(a))));
  const exercises = top.exercises.map((e, i) => guard(`exercise ${i + 1}`, damaged, () => parseExercise(decode(e))));
  const sessions = top.sessions.map((s, i) => guard(`session ${i + 1}`, damaged, () => checkSession(decode(s)))).map((s) => (top.version === 1 ? { ...s, record: toVersion3(s.record) } : s));
  for (const list of [athletes, exercises, sessions.map((s) => s.record)]) {
    const ids = list.map((x) => x.id);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined) throw damaged(twice, new Error('it appears twice'));
  }
  return { format: BACKUP_FORMAT, version: top.version, exportedAt: String(top.exportedAt ?? ''), athletes, exercises, sessions };
}

function guard<T>(where: string, damaged: (where: string, error: unknown) => BackupError, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw damaged(where, error);
  }
}

export interface RestoreReport {
  /** Sessions added, replaced by a newer copy, and left as the device had them. */
  added: number;
  updated: number;
  kept: number;
  athletes: number;
  exercises: number;
}

/** What restoring `backup` onto the device's records writes: newer or missing records only. */
export function planRestore(local: { sessions: readonly SessionRecord[]; athletes: readonly Athlete[]; exercises: readonly Exercise[] }, backup: Backup): { ops: JournalOp[]; report: RestoreReport } {
  const newer = <T extends { id: string; modifiedAt: number }>(mine: readonly T[], theirs: T) => {
    const have = mine.find((x) => x.id === theirs.id);
    return have === undefined ? 'missing' : theirs.modifiedAt > have.modifiedAt ? 'newer' : 'older';
  };
  const ops: JournalOp[] = [];
  const report: RestoreReport = { added: 0, updated: 0, kept: 0, athletes: 0, exercises: 0 };
  // A device with no session yet has only the athlete its first start made, untouched: the
  // restored log's athletes take over instead of sitting beside a nameless extra one.
  const [only] = local.athletes;
  const placeholder = local.sessions.length === 0 && local.athletes.length === 1 && only!.modifiedAt === only!.createdAt;
  if (placeholder && backup.athletes.length > 0 && !backup.athletes.some((a) => a.id === only!.id)) ops.push({ kind: 'forgetAthlete', athleteId: only!.id });
  for (const athlete of backup.athletes) {
    if (newer(local.athletes, athlete) === 'older') continue;
    ops.push({ kind: 'athlete', record: athlete });
    report.athletes++;
  }
  for (const exercise of backup.exercises) {
    if (newer(local.exercises, exercise) === 'older') continue;
    ops.push({ kind: 'exercise', record: exercise });
    report.exercises++;
  }
  for (const { record, chunks, gaps } of backup.sessions) {
    const state = newer(local.sessions, record);
    if (state === 'older') {
      report.kept++;
      continue;
    }
    if (state === 'newer') ops.push({ kind: 'clear', sessionId: record.id });
    ops.push({ kind: 'session', record }, ...chunks.map((c) => ({ kind: 'chunk' as const, record: c })), ...gaps.map((g) => ({ kind: 'gap' as const, record: g })));
    if (state === 'newer') report.updated++;
    else report.added++;
  }
  return { ops, report };
}

/** Merges `backup` into the journal in one transaction (see the module comment). */
export async function restoreBackup(store: JournalStore, backup: Backup): Promise<RestoreReport> {
  const [sessions, athletes, exercises] = await Promise.all([store.sessions(), store.athletes(), store.exercises()]);
  const { ops, report } = planRestore({ sessions, athletes, exercises }, backup);
  if (ops.length > 0) await store.write(ops);
  return report;
}
