/**
 * Records read from outside this device (a backup file, the team server's wire) checked as far
 * as the app will read them: the history, reopening, reprocessing and merging. Each check takes a
 * decoded value (codec.ts `decode`) and returns it typed, or throws an Error naming the record
 * and what is wrong with it. Athletes and exercises are rules/'s to check (`parseAthlete`,
 * `parseExercise`); sessions, their chunks and gaps, and deletions are checked here.
 *
 * Stamps are checked wherever a record carries them (its registers, its notes' fields, its
 * athletes taken out): a merge compares them as text, so a value that is not a stamp would win
 * every merge for ever.
 */
import { parseStoredSettings } from '../rules/settingsModel';
import { checkEngineSettings } from '../rules/storedEngineSettings';
import { checkNote } from '../rules/setTags';
import { checkStamps, isStamp } from '../rules/stamps';
import { parseTeamOrder } from '../rules/teamOrder';
import { messageOf } from '../shared/messageOf';
import type { SessionTombstone } from './merge';
import { checkPlates, type ChunkRecord, type GapRecord, type OrderRecord, type SessionRecord } from './records';

/** A session with its samples, as a backup file holds it. */
export interface SessionWithSamples {
  record: SessionRecord;
  chunks: ChunkRecord[];
  gaps: GapRecord[];
}

const UNIT_KINDS = ['bluetooth', 'demo', 'native'];
const isNumber = (x: unknown): x is number => typeof x === 'number' && !Number.isNaN(x);

/** A session of a backup: its record, then its chunks and gaps, each numbered from 0 without holes. */
export function checkSession(raw: unknown): SessionWithSamples {
  const s = raw as { record?: unknown; chunks?: unknown; gaps?: unknown };
  const record = checkSessionRecord(s?.record);
  if (!Array.isArray(s.chunks) || !Array.isArray(s.gaps)) throw new Error(`session ${record.id}: chunks and gaps must be lists`);
  const chunks = s.chunks.map((c: unknown, i) => {
    const chunk = checkChunk(c, record.id);
    if (chunk.seq !== i) throw new Error(`session ${record.id}: chunk ${i} is missing`);
    return chunk;
  });
  const gaps = s.gaps.map((g: unknown, i) => {
    const gap = checkGap(g, record.id);
    if (gap.seq !== i) throw new Error(`session ${record.id}: gap ${i} is not a time range`);
    return gap;
  });
  return { record, chunks, gaps };
}

/** A session record (not a deletion). */
export function checkSessionRecord(raw: unknown): SessionRecord {
  const r = raw as Record<string, unknown> | null | undefined;
  if (typeof r !== 'object' || r === null || typeof r.id !== 'string' || r.id.length === 0) throw new Error('a session needs a record with an id');
  const record = r as unknown as SessionRecord;
  const fail = (what: string): never => {
    throw new Error(`session ${record.id}: ${what}`);
  };
  if (!isNumber(record.startedAt) || !(record.finishedAt === null || isNumber(record.finishedAt)) || !isNumber(record.modifiedAt)) fail('its times must be numbers');
  if (!UNIT_KINDS.includes(record.unitKind)) fail(`unknown unit kind ${String(record.unitKind)}`);
  checkPlates(record.plates as unknown as number[]);
  try {
    checkEngineSettings(record.settings?.engine);
  } catch (error) {
    fail(messageOf(error));
  }
  try {
    parseStoredSettings(JSON.stringify({ ...record.settings.workout, plates: [...record.plates] }));
  } catch (error) {
    fail(`its settings cannot be used: ${messageOf(error)}`);
  }
  for (const span of record.settings.loads ?? []) if (!isNumber(span.fromUs) || !(span.inertia >= 0) || !(span.boost >= 0)) fail('a load is not plates and a boost');
  for (const tag of record.settings.tags ?? []) if (!isNumber(tag.fromUs) || typeof tag.athleteId !== 'string' || typeof tag.exerciseId !== 'string') fail('a tag does not name an athlete and an exercise');
  for (const tag of record.settings.tags ?? []) if ([tag.mass, tag.radius, tag.warmup].some((x) => x !== undefined && !(isNumber(x) && x >= 0))) fail('a tag’s mass, radius or warmup is not a number');
  if (record.sets !== undefined && (!Array.isArray(record.sets) || !record.sets.every(isSetRecord))) fail('its sets are not set records');
  if (record.notes !== undefined && !Array.isArray(record.notes)) fail('its notes are not a list');
  for (const note of record.notes ?? []) {
    checkNote(note);
    try {
      checkStamps(note.stamps);
    } catch (error) {
      fail(messageOf(error));
    }
  }
  try {
    checkStamps(record.stamps);
    checkStamps(record.removedAthletes);
  } catch (error) {
    fail(messageOf(error));
  }
  return record;
}

/** A deleted session: its id, the stamp of the deletion and its time. */
export function checkTombstone(raw: unknown): SessionTombstone {
  const t = raw as Record<string, unknown> | null | undefined;
  if (typeof t !== 'object' || t === null || typeof t.id !== 'string' || t.id.length === 0) throw new Error('a deleted session needs an id');
  if (!isStamp(t.deleted)) throw new Error(`deleted session ${t.id}: its deletion is not an edit stamp`);
  if (!isNumber(t.modifiedAt)) throw new Error(`deleted session ${t.id}: its time must be a number`);
  const extra = Object.keys(t).filter((k) => !['id', 'deleted', 'modifiedAt'].includes(k));
  if (extra.length > 0) throw new Error(`deleted session ${t.id}: a deletion keeps only its id, stamp and time, not ${extra.join(', ')}`);
  return { id: t.id, deleted: t.deleted, modifiedAt: t.modifiedAt };
}

/** The team's order for today (records.ts `OrderRecord`). */
export function checkOrderRecord(raw: unknown): OrderRecord {
  const o = raw as Record<string, unknown> | null | undefined;
  if (typeof o !== 'object' || o === null) throw new Error('today’s order must be a record');
  if (!isStamp(o.stamp)) throw new Error('today’s order: its stamp is not an edit stamp');
  if (!isNumber(o.modifiedAt)) throw new Error('today’s order: its time must be a number');
  return { order: o.order === null ? null : parseTeamOrder(o.order), stamp: o.stamp, modifiedAt: o.modifiedAt };
}

/** A chunk of samples; `sessionId`: the session it must belong to (any when omitted). */
export function checkChunk(raw: unknown, sessionId?: string): ChunkRecord {
  const c = raw as ChunkRecord | null | undefined;
  const where = `session ${String(c?.sessionId)}: chunk ${String(c?.seq)}`;
  if (typeof c !== 'object' || c === null || typeof c.sessionId !== 'string' || c.sessionId.length === 0) throw new Error('a chunk must name its session');
  if (sessionId !== undefined && c.sessionId !== sessionId) throw new Error(`${where} belongs to another session than ${sessionId}`);
  if (!Number.isInteger(c.seq) || c.seq < 0) throw new Error(`${where}: its number must be a whole number from 0`);
  if (!(c.timeUs instanceof Float64Array) || !(c.angleDeg instanceof Float64Array) || c.timeUs.length !== c.angleDeg.length) throw new Error(`${where} is not pairs of times and angles`);
  return c;
}

/** A link gap; `sessionId`: the session it must belong to (any when omitted). */
export function checkGap(raw: unknown, sessionId?: string): GapRecord {
  const g = raw as GapRecord | null | undefined;
  const where = `session ${String(g?.sessionId)}: gap ${String(g?.seq)}`;
  if (typeof g !== 'object' || g === null || typeof g.sessionId !== 'string' || g.sessionId.length === 0) throw new Error('a gap must name its session');
  if (sessionId !== undefined && g.sessionId !== sessionId) throw new Error(`${where} belongs to another session than ${sessionId}`);
  if (!Number.isInteger(g.seq) || g.seq < 0) throw new Error(`${where}: its number must be a whole number from 0`);
  if (!isNumber(g.fromUs) || !isNumber(g.toUs) || !(g.toUs > g.fromUs)) throw new Error(`${where} is not a time range`);
  return g;
}

/** A set record as far as the views read it (rules/setRecords.ts). */
function isSetRecord(x: unknown): boolean {
  const r = x as Record<string, unknown> | null;
  return typeof r === 'object' && r !== null && typeof r.athleteId === 'string' && typeof r.exerciseId === 'string' && isNumber(r.startUs) && isNumber(r.counted) && Array.isArray(r.velocities) && r.velocities.every(isNumber) && typeof r.figures === 'object' && r.figures !== null;
}
