/**
 * The backup file read as a stream (backupFormat.ts): the file's bytes go through a streaming
 * JSON parser (@streamparser/json) that hands over one record at a time (an athlete, a deletion,
 * a session's record, one of its chunks), each checked as the app will read it (log/validate.ts,
 * rules/ parsers) and handed to `visit`, so that a file of any size is read within a bounded amount
 * of memory: a chunk at a time, never the whole text.
 *
 * What a file is called when it cannot be read:
 * - not a Repline backup: it is not JSON, or its `format` is not "repline-backup", or it ends
 *   before saying so;
 * - of a newer version: its `version` is above the app's;
 * - damaged, with where and why: it says it is a backup, and then a record cannot be read, a
 *   session's chunks or gaps are not numbered from 0 without holes, an id appears twice, its JSON
 *   breaks, or it stops before its end (a file cut short).
 * A session's record is read before its samples, as the app writes it.
 */
import { JSONParser } from '@streamparser/json';
import { decode } from '../log/codec';
import type { SessionTombstone } from '../log/merge';
import type { ChunkRecord, GapRecord, OrderRecord, SessionRecord } from '../log/records';
import { checkChunk, checkGap, checkOrderRecord, checkSessionRecord, checkTombstone } from '../log/validate';
import { parseAthlete, type Athlete } from '../rules/athletes';
import { parseExercise, type Exercise } from '../rules/exercises';
import { messageOf } from '../shared/messageOf';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, damaged, newerVersion, NOT_A_BACKUP } from './backupFormat';

/** One record of a backup file, checked. */
export type BackupItem =
  | { kind: 'athlete'; record: Athlete }
  | { kind: 'exercise'; record: Exercise }
  | { kind: 'order'; record: OrderRecord }
  | { kind: 'deleted'; record: SessionTombstone }
  | { kind: 'session'; record: SessionRecord }
  | { kind: 'chunk'; record: ChunkRecord }
  | { kind: 'gap'; record: GapRecord };

export interface BackupHeader {
  version: number;
  exportedAt: string;
}

const PATHS = ['$.format', '$.version', '$.exportedAt', '$.athletes.*', '$.exercises.*', '$.order', '$.deleted.*', '$.sessions.*.record', '$.sessions.*.chunks.*', '$.sessions.*.gaps.*'];

interface Emitted {
  value: unknown;
  key: string | number | undefined;
  /** The keys above the value: the top object's key, then its index, … */
  path: (string | number | undefined)[];
}

/** What the reader knows so far, to check what comes next against it. */
interface ReadState {
  format: boolean;
  version: number | null;
  exportedAt: string;
  ids: Record<'athlete' | 'exercise' | 'session' | 'deleted', Set<string>>;
  /** Per session index of the file: its id, and the next chunk and gap numbers expected. */
  sessions: Map<number, { id: string; chunks: number; gaps: number }>;
}

/** Checks one emitted value and says what it is; throws a BackupError. */
function itemOf(emitted: Emitted, state: ReadState): BackupItem | null {
  const [top, index, inner] = emitted.path;
  const { value, key } = emitted;
  if (top === undefined) {
    if (key === 'format') {
      if (value !== BACKUP_FORMAT) throw new BackupError(NOT_A_BACKUP);
      state.format = true;
    } else if (key === 'version') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw damaged('its version', `${String(value)} is not a version number`);
      if (value > BACKUP_VERSION) throw newerVersion(value);
      state.version = value;
    } else if (key === 'exportedAt') {
      state.exportedAt = String(value);
    } else if (key === 'order') {
      return value === null ? null : { kind: 'order', record: check('today’s order', () => checkOrderRecord(decode(value))) };
    }
    return null;
  }
  const n = Number(key) + 1;
  const once = (kind: keyof ReadState['ids'], where: string, id: string) => {
    if (state.ids[kind].has(id)) throw damaged(where, `${id} appears twice`);
    state.ids[kind].add(id);
  };
  switch (top) {
    case 'athletes': {
      const record = check(`athlete ${n}`, () => parseAthlete(decode(value)));
      once('athlete', `athlete ${n}`, record.id);
      return { kind: 'athlete', record };
    }
    case 'exercises': {
      const record = check(`exercise ${n}`, () => parseExercise(decode(value)));
      once('exercise', `exercise ${n}`, record.id);
      return { kind: 'exercise', record };
    }
    case 'deleted': {
      const record = check(`deleted session ${n}`, () => checkTombstone(decode(value)));
      once('deleted', `deleted session ${n}`, record.id);
      return { kind: 'deleted', record };
    }
    case 'sessions': {
      const at = Number(index);
      const where = `session ${at + 1}`;
      if (key === 'record') {
        const record = check(where, () => checkSessionRecord(decode(value)));
        once('session', where, record.id);
        state.sessions.set(at, { id: record.id, chunks: 0, gaps: 0 });
        return { kind: 'session', record };
      }
      const session = state.sessions.get(at);
      if (session === undefined) throw damaged(where, 'its samples come before its record');
      if (inner === 'chunks') {
        const record = check(`${where}, chunk ${n}`, () => checkChunk(decode(value), session.id));
        if (record.seq !== session.chunks++) throw damaged(where, `chunk ${session.chunks - 1} is missing`);
        return { kind: 'chunk', record };
      }
      const record = check(`${where}, gap ${n}`, () => checkGap(decode(value), session.id));
      if (record.seq !== session.gaps++) throw damaged(where, `gap ${session.gaps - 1} is missing`);
      return { kind: 'gap', record };
    }
  }
  return null;
}

function check<T>(where: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw damaged(where, messageOf(error));
  }
}

/**
 * Reads the backup in `file` from start to end, handing each record to `visit` in the file's
 * order (a session's record before its chunks and gaps), and returns its version and time; throws
 * a BackupError for a file that cannot be restored, at the first thing wrong in it. What `visit`
 * did before that stays done: check the whole file first (a `visit` that does nothing) where
 * nothing may be written from a bad file.
 */
export async function readBackup(file: Blob, visit: (item: BackupItem) => void | Promise<void>): Promise<BackupHeader> {
  const state: ReadState = { format: false, version: null, exportedAt: '', ids: { athlete: new Set(), exercise: new Set(), session: new Set(), deleted: new Set() }, sessions: new Map() };
  const parser = new JSONParser({ paths: PATHS, keepStack: false });
  const emitted: Emitted[] = [];
  let broken: Error | null = null;
  parser.onValue = ({ value, key, stack }) => void emitted.push({ value, key, path: stack.slice(1).map((s) => s.key) });
  parser.onError = (error) => void (broken ??= error);
  /** Where the JSON broke, said as the file is known so far. */
  const syntax = (why: string) => (state.format ? damaged('its text', why) : new BackupError(NOT_A_BACKUP));

  const reader = file.stream().getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      try {
        parser.write(read.value);
      } catch (error) {
        broken ??= error as Error;
      }
      for (const one of emitted.splice(0)) {
        const item = itemOf(one, state);
        if (item !== null) await visit(item);
      }
      if (broken !== null) throw syntax(broken.message);
    }
  } finally {
    reader.releaseLock();
  }
  if (!parser.isEnded) {
    if (!state.format) throw new BackupError(NOT_A_BACKUP);
    throw damaged('its end', 'the file stops before the backup does: it was cut short');
  }
  if (!state.format) throw new BackupError(NOT_A_BACKUP);
  if (state.version === null) throw damaged('its version', 'there is none');
  return { version: state.version, exportedAt: state.exportedAt };
}
