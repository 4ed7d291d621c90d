/**
 * The records of a push, as the protocol names them (docs/sync.md "Records"): each entry a kind
 * and a record in the JSON of src/log/codec.ts, checked by the app's own parsers
 * (rules/athletes.ts, rules/exercises.ts, log/validate.ts), so that the server keeps nothing the
 * app could not read back.
 */
import { decode } from '../../../src/log/codec';
import { isTombstone, mergeOrders, mergeSessionCopies, stampedAthlete, stampedExercise, type SessionCopy } from '../../../src/log/merge';
import type { ChunkRecord, GapRecord, OrderRecord } from '../../../src/log/records';
import { checkChunk, checkGap, checkOrderRecord, checkSessionRecord, checkTombstone } from '../../../src/log/validate';
import { parseAthlete, type Athlete } from '../../../src/rules/athletes';
import { parseExercise, type Exercise } from '../../../src/rules/exercises';

export const KINDS = ['athlete', 'exercise', 'session', 'order', 'chunk', 'gap'] as const;
export type Kind = (typeof KINDS)[number];

export type Entry =
  | { kind: 'athlete'; id: string; value: Athlete }
  | { kind: 'exercise'; id: string; value: Exercise }
  | { kind: 'session'; id: string; value: SessionCopy }
  | { kind: 'order'; id: 'order'; value: OrderRecord }
  | { kind: 'chunk'; id: string; seq: number; value: ChunkRecord }
  | { kind: 'gap'; id: string; seq: number; value: GapRecord };

/** The longest id the server keeps (the app's are UUIDs and `builtin:<name>`). */
export const ID_MAX = 200;

/**
 * Ids are also columns of their own (the row's key, a session's athletes), and PostgreSQL's text
 * holds no NUL character: an id with one, or longer than ID_MAX, is refused. Every other string
 * is kept inside the record's JSON, where any character is kept as it came.
 */
function checkId(id: string): string {
  if (id.length > ID_MAX) throw new Error(`an id is at most ${ID_MAX} characters, got ${id.length}`);
  if (id.includes('\u0000')) throw new Error('an id may not contain the NUL character');
  return id;
}

/**
 * A pushed record decoded, checked and stamped (merged with itself, so that every register has
 * its stamp: the copy the server would keep of it alone, and what `stampsOf` reads); throws an
 * Error saying what is wrong with it.
 */
export function parseEntry(kind: Kind, raw: unknown): Entry {
  const entry = stamped(parseRecord(kind, decode(raw)));
  checkId(entry.id);
  if (entry.kind === 'session' && !isTombstone(entry.value)) for (const tag of entry.value.settings.tags ?? []) checkId(tag.athleteId);
  return entry;
}

function stamped(entry: Entry): Entry {
  switch (entry.kind) {
    case 'athlete':
      return { ...entry, value: stampedAthlete(entry.value) };
    case 'exercise':
      return { ...entry, value: stampedExercise(entry.value) };
    case 'session':
      return { ...entry, value: mergeSessionCopies(entry.value, entry.value) };
    case 'order':
      return { ...entry, value: mergeOrders(entry.value, entry.value) };
    case 'chunk':
    case 'gap':
      return entry;
  }
}

function parseRecord(kind: Kind, value: unknown): Entry {
  switch (kind) {
    case 'athlete': {
      const athlete = parseAthlete(value);
      return { kind, id: athlete.id, value: athlete };
    }
    case 'exercise': {
      const exercise = parseExercise(value);
      return { kind, id: exercise.id, value: exercise };
    }
    case 'session': {
      const copy = typeof value === 'object' && value !== null && 'deleted' in value ? checkTombstone(value) : checkSessionRecord(value);
      return { kind, id: copy.id, value: copy };
    }
    case 'order':
      return { kind, id: 'order', value: checkOrderRecord(value) };
    case 'chunk': {
      const chunk = checkChunk(value);
      return { kind, id: chunk.sessionId, seq: chunk.seq, value: chunk };
    }
    case 'gap': {
      const gap = checkGap(value);
      return { kind, id: gap.sessionId, seq: gap.seq, value: gap };
    }
  }
}

/** The id a push reply names an entry by, when even its id could not be read. */
export function idOf(raw: unknown): string | null {
  const r = raw as { id?: unknown; sessionId?: unknown } | null;
  const id = typeof r === 'object' && r !== null ? (r.id ?? r.sessionId) : undefined;
  return typeof id === 'string' ? id : null;
}

/**
 * Every stamp an entry's merge would compare (of an entry as `parseEntry` gives it, stamped): each
 * register's, its notes' fields', its athletes taken out, its deletion.
 */
export function stampsOf(entry: Entry): string[] {
  switch (entry.kind) {
    case 'athlete':
    case 'exercise':
      return Object.values(entry.value.stamps ?? {});
    case 'session': {
      const copy = entry.value;
      if (isTombstone(copy)) return [copy.deleted];
      return [...Object.values(copy.stamps ?? {}), ...(copy.notes ?? []).flatMap((n) => Object.values(n.stamps ?? {})), ...Object.values(copy.removedAthletes ?? {})];
    }
    case 'order':
      return [entry.value.stamp];
    case 'chunk':
    case 'gap':
      return [];
  }
}
