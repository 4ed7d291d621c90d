/**
 * The journal database's layout, version by version, and the migration that brings a database
 * written by an older release up to date when this one opens it. A migration runs inside the
 * browser's upgrade transaction: it lands whole or not at all, and a database it cannot migrate
 * stays as it was (the release that wrote it can still read it).
 *
 * Version 1 (the first release):
 * - `sessions`, key `id` (a UUID): one record per session;
 * - `chunks`, key `[sessionId, seq]`: about a second of raw samples each, seq from 0 without holes;
 * - `gaps`, key `[sessionId, seq]`: link drops.
 *
 * Version 2 (athletes and exercises):
 * - `athletes`, key `id` (a UUID): rules/athletes.ts;
 * - `exercises`, key `id` (a UUID): the custom exercises (the built-ins live in code,
 *   rules/exercises.ts, with ids of their own that every device shares);
 * - `sessions` gains the index `byModified` on `modifiedAt`, what a replication asks for ("what
 *   changed since").
 * Migrating from 1: one athlete is created, without asking anything, from the settings stored
 *   before athletes (rules/athletes.ts `firstAthlete`), and every session becomes theirs: its
 *   settings get the tags "that athlete, Unspecified exercise" from the start (the exercise the
 *   app computed every session with then: the whole body mass on the unit's rope), and
 *   `modifiedAt` its finish time (its start time while unfinished). Chunks and gaps are left
 *   exactly as they are.
 *
 * Version 3 (each set's athlete and exercise computed with their own mass and radius):
 * - each tag span of a session names the engine mass and radius its reps are computed with (the
 *   athlete's body mass × the exercise's share, the exercise's rope: rules/exerciseMechanics.ts)
 *   and the athlete's warmup reps per set (rules/setTags.ts `TagSettings`);
 * - a finished session keeps its sets' records (`sets`, rules/setRecords.ts), made when it
 *   finishes, so the History, Profile and Team view read them without reprocessing;
 * - athletes' settings gain the big number's choice and the eccentric/concentric ratio target.
 * Migrating from 2: every tag span gets its session's engine mass and radius and its workout
 *   warmup (what its reps were computed with until now), and every athlete the new settings'
 *   defaults. The sets' records need the engine, which cannot run inside the upgrade transaction:
 *   a finished session without them gets them once the journal is open (sessionHistory.ts).
 *
 * Version 4 (merges that lose nothing, and what a sync needs: docs/behaviour.md §10, docs/sync.md §10):
 * - every session, athlete and custom exercise carries the stamp of the last edit of each of its
 *   registers (`stamps`, log/registers.ts), and every note entry the stamps of its fields;
 * - `tombstones`, key `id`: the sessions deleted on this device or learnt deleted (log/merge.ts
 *   `SessionTombstone`): a copy of one from elsewhere never brings it back;
 * - `order`, key "team" (out of line): today's order as the team shares it (log/records.ts
 *   `OrderRecord`), stamped;
 * - `changes`, key `[kind, id]`, index `byChange` on `change`: for every record the number of its
 *   last change on this device (changeIndex.ts), so that a sync pushes "what changed since my last
 *   push" by reading `byChange` after a number; kinds `athlete`, `exercise`, `session` (a record
 *   or its tombstone), `order`, `samples` (chunks or gaps added to the session `id`);
 * - `recordedHere`, key `id`: the sessions this device recorded (recovery offers only those);
 * - `meta`, key out of line: small values of this device's own (the sync client's cursor and push
 *   mark), written in the same transactions as the records they go with.
 * Migrating from 3: every record gets its stamps from its modification time (`legacyStamp`, as a
 *   merge reads a record kept before stamps), keeping those it has; every record a change number,
 *   in the order of the stores; every unfinished session the mark "recorded here" (that release
 *   recorded them, or restored them from a file, and offered them for recovery either way).
 *
 * Stable ids: sessions, athletes and exercises have UUIDs (sessions always had:
 * `crypto.randomUUID()`); chunks and gaps are written once and never change, so
 * `[sessionId, seq]` identifies each for good.
 */
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { DEFAULT_ATHLETE_SETTINGS, firstAthlete, type Athlete } from '../rules/athletes';
import { UNSPECIFIED_EXERCISE_ID, type Exercise } from '../rules/exercises';
import { firstTags } from '../rules/setTags';
import type { ChunkRecord, GapRecord, OrderRecord, SessionRecord } from '../log/records';
import { stampedAthlete, stampedExercise, stampedSession, type SessionTombstone } from '../log/merge';

/** What a change row names (changeIndex.ts): a record of the log, or (`samples`) the chunks and gaps of the session `id`. */
export type ChangeKind = 'athlete' | 'exercise' | 'session' | 'order' | 'samples';

export interface ChangeRow {
  kind: ChangeKind;
  id: string;
  /** The number of the row's last change: 1, 2, … on this device. */
  change: number;
}

export interface JournalSchema extends DBSchema {
  sessions: { key: string; value: SessionRecord; indexes: { byModified: number } };
  tombstones: { key: string; value: SessionTombstone };
  chunks: { key: [string, number]; value: ChunkRecord };
  gaps: { key: [string, number]; value: GapRecord };
  athletes: { key: string; value: Athlete };
  exercises: { key: string; value: Exercise };
  order: { key: string; value: OrderRecord };
  changes: { key: [string, string]; value: ChangeRow; indexes: { byChange: number } };
  recordedHere: { key: string; value: { id: string } };
  meta: { key: string; value: unknown };
}

export const JOURNAL_VERSION = 4;
export const STORES = ['sessions', 'tombstones', 'chunks', 'gaps', 'athletes', 'exercises', 'order', 'changes', 'recordedHere', 'meta'] as const;
/** The key of the team's order in the `order` store. */
export const ORDER_KEY = 'team';

/** What a migration needs from outside the database. */
export interface MigrationSources {
  /** The settings stored before athletes existed (JSON), null when there are none. */
  legacySettings: () => string | null;
  now: () => number;
  newId: () => string;
}

type UpgradeTx = IDBPTransaction<JournalSchema, StoreNames<JournalSchema>[], 'versionchange'>;

/** Brings the database from `oldVersion` (0: new) to {@link JOURNAL_VERSION}. */
export async function upgrade(db: IDBPDatabase<JournalSchema>, oldVersion: number, tx: UpgradeTx, sources: MigrationSources): Promise<void> {
  if (oldVersion < 1) {
    db.createObjectStore('sessions', { keyPath: 'id' });
    db.createObjectStore('chunks', { keyPath: ['sessionId', 'seq'] });
    db.createObjectStore('gaps', { keyPath: ['sessionId', 'seq'] });
  }
  if (oldVersion < 2) {
    db.createObjectStore('athletes', { keyPath: 'id' });
    db.createObjectStore('exercises', { keyPath: 'id' });
    const sessions = tx.objectStore('sessions');
    sessions.createIndex('byModified', 'modifiedAt');
    const athlete = firstAthlete(sources.legacySettings(), { id: sources.newId(), now: sources.now() });
    await tx.objectStore('athletes').put(athlete);
    for (let cursor = await sessions.openCursor(); cursor !== null; cursor = await cursor.continue()) {
      await cursor.update(toVersion2(cursor.value, athlete.id));
    }
  }
  if (oldVersion < 3) {
    const sessions = tx.objectStore('sessions');
    for (let cursor = await sessions.openCursor(); cursor !== null; cursor = await cursor.continue()) {
      await cursor.update(toVersion3(cursor.value));
    }
    const athletes = tx.objectStore('athletes');
    for (let cursor = await athletes.openCursor(); cursor !== null; cursor = await cursor.continue()) {
      await cursor.update({ ...cursor.value, settings: { ...DEFAULT_ATHLETE_SETTINGS, ...cursor.value.settings } });
    }
  }
  if (oldVersion < 4) await toVersion4(db, tx);
}

/** Version 4's stores, and the stamps, change numbers and marks of every record (see the module comment). */
async function toVersion4(db: IDBPDatabase<JournalSchema>, tx: UpgradeTx): Promise<void> {
  db.createObjectStore('tombstones', { keyPath: 'id' });
  db.createObjectStore('order');
  db.createObjectStore('changes', { keyPath: ['kind', 'id'] }).createIndex('byChange', 'change');
  db.createObjectStore('recordedHere', { keyPath: 'id' });
  db.createObjectStore('meta');
  const changes = tx.objectStore('changes');
  let change = 0;
  const changed = (kind: ChangeRow['kind'], id: string) => changes.put({ kind, id, change: ++change });
  for (let cursor = await tx.objectStore('athletes').openCursor(); cursor !== null; cursor = await cursor.continue()) {
    await cursor.update(stampedAthlete(cursor.value));
    await changed('athlete', cursor.value.id);
  }
  for (let cursor = await tx.objectStore('exercises').openCursor(); cursor !== null; cursor = await cursor.continue()) {
    await cursor.update(stampedExercise(cursor.value));
    await changed('exercise', cursor.value.id);
  }
  const recordedHere = tx.objectStore('recordedHere');
  for (let cursor = await tx.objectStore('sessions').openCursor(); cursor !== null; cursor = await cursor.continue()) {
    const { id, finishedAt } = cursor.value;
    await cursor.update(stampedSession(cursor.value));
    await changed('session', id);
    await changed('samples', id);
    if (finishedAt === null) await recordedHere.put({ id });
  }
}

/** A version-2 session record as version 3 keeps it: each tag span with the mass, radius and warmup its reps were computed with. */
export function toVersion3(record: SessionRecord): SessionRecord {
  const { engine, workout } = record.settings;
  const warmup = typeof workout.warmup === 'number' ? workout.warmup : engine.warmup;
  const tags = record.settings.tags?.map((span) => ({ mass: engine.mass, radius: engine.radius, warmup, ...span }));
  return tags === undefined ? record : { ...record, settings: { ...record.settings, tags } };
}

/** A version-1 session record as version 2 keeps it: the first athlete's, modified when it finished. */
export function toVersion2(record: SessionRecord, athleteId: string): SessionRecord {
  const settings = record.settings.tags === undefined ? { ...record.settings, tags: firstTags({ athleteId, exerciseId: UNSPECIFIED_EXERCISE_ID }) } : record.settings;
  return { ...record, settings, modifiedAt: record.modifiedAt ?? record.finishedAt ?? record.startedAt };
}

/**
 * The athlete a record written without tags belongs to: the first one created on this device
 * (the one the migration or the first start made), whatever became of them since.
 */
export function defaultAthlete(athletes: readonly Athlete[]): Athlete | undefined {
  return [...athletes].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))[0];
}
