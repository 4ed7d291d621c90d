/**
 * The journal's storage port and its IndexedDB implementation (through `idb`). The journal logic
 * talks to the port only, so a test can hand it a store that fails like a full disk does.
 *
 * Layout and migrations: schema.ts (database "repline-journal", version 2: sessions, chunks,
 * gaps, athletes, custom exercises). A batch of writes is one transaction over every store: it
 * lands whole or not at all, which is what keeps a recovered journal a gap-free prefix of the
 * recording, and a restore all or nothing.
 *
 * Every session record the store keeps names its athletes and exercises (`settings.tags`): one
 * written without them (the recorder does not tag sessions yet) is given the first athlete and
 * the Unspecified exercise from its start, as the migration does for older records.
 */
import { openDB, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { firstAthlete, type Athlete } from '../rules/athletes';
import { UNSPECIFIED_EXERCISE_ID, type Exercise } from '../rules/exercises';
import { firstTags } from '../rules/setTags';
import { messageOf } from '../shared/messageOf';
import { SETTINGS_KEY } from '../stores/settings';
import type { ChunkRecord, GapRecord, SessionRecord } from '../log/records';
import type { JournalOp } from './records';
import { defaultAthlete, JOURNAL_VERSION, STORES, upgrade, type JournalSchema, type MigrationSources } from './schema';

export interface JournalStore {
  /** Stores the ops atomically, in order; rejects (quota, closed database…) with nothing written. */
  write(ops: readonly JournalOp[]): Promise<void>;
  sessions(): Promise<SessionRecord[]>;
  session(id: string): Promise<SessionRecord | undefined>;
  /** The session's chunks in `seq` order. */
  chunks(sessionId: string): Promise<ChunkRecord[]>;
  /** The session's gaps in `seq` order. */
  gaps(sessionId: string): Promise<GapRecord[]>;
  /** Deletes a session with its chunks and gaps. */
  remove(sessionId: string): Promise<void>;
  /** Deletes every session, athlete and custom exercise; a first athlete with the default settings takes over. */
  removeAll(): Promise<void>;
  athletes(): Promise<Athlete[]>;
  /** The custom exercises (the built-ins are in rules/exercises.ts). */
  exercises(): Promise<Exercise[]>;
  close(): void;
}

export const JOURNAL_DB_NAME = 'repline-journal';

/** Every `[sessionId, seq]` key of one session (seq is a non-negative integer). */
function sessionRange(sessionId: string): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, 0], [sessionId, Number.MAX_SAFE_INTEGER]);
}

type WriteTx = IDBPTransaction<JournalSchema, (typeof STORES)[number][], 'readwrite'>;

class IdbJournalStore implements JournalStore {
  /** The default athlete's id once read (schema.ts `defaultAthlete`); forgotten when athletes are written. */
  private owner: string | undefined;

  constructor(
    private readonly db: IDBPDatabase<JournalSchema>,
    private readonly sources: MigrationSources,
  ) {}

  async write(ops: readonly JournalOp[]): Promise<void> {
    const tx = this.db.transaction(STORES, 'readwrite');
    // Every request is awaited with the transaction, so a failing put is reported once (by
    // `tx.done`) instead of surfacing as an unhandled rejection.
    if (ops.some((op) => op.kind === 'athlete' || op.kind === 'forgetAthlete')) this.owner = undefined;
    const untagged = ops.some((op) => op.kind === 'session' && op.record.settings.tags === undefined);
    if (untagged && this.owner === undefined) this.owner = defaultAthlete(await tx.objectStore('athletes').getAll())?.id;
    const owner = this.owner;
    const requests: Promise<unknown>[] = ops.map((op) => {
      switch (op.kind) {
        case 'session':
          return tx.objectStore('sessions').put(tagged(op.record, owner));
        case 'chunk':
          return tx.objectStore('chunks').put(op.record);
        case 'gap':
          return tx.objectStore('gaps').put(op.record);
        case 'athlete':
          return tx.objectStore('athletes').put(op.record);
        case 'exercise':
          return tx.objectStore('exercises').put(op.record);
        case 'clear':
          return clearSession(tx, op.sessionId);
        case 'forgetAthlete':
          return tx.objectStore('athletes').delete(op.athleteId);
        case 'patchSession':
          return patchSession(tx, op.sessionId, op.patch);
      }
    });
    await Promise.all([...requests, tx.done]);
  }

  sessions(): Promise<SessionRecord[]> {
    return this.db.getAll('sessions');
  }

  session(id: string): Promise<SessionRecord | undefined> {
    return this.db.get('sessions', id);
  }

  chunks(sessionId: string): Promise<ChunkRecord[]> {
    return this.db.getAll('chunks', sessionRange(sessionId));
  }

  gaps(sessionId: string): Promise<GapRecord[]> {
    return this.db.getAll('gaps', sessionRange(sessionId));
  }

  async remove(sessionId: string): Promise<void> {
    const tx = this.db.transaction(STORES, 'readwrite');
    await Promise.all([clearSession(tx, sessionId), tx.done]);
  }

  async removeAll(): Promise<void> {
    this.owner = undefined;
    const tx = this.db.transaction(STORES, 'readwrite');
    const athlete = firstAthlete(null, { id: this.sources.newId(), now: this.sources.now() });
    await Promise.all([...STORES.map((s) => tx.objectStore(s).clear()), tx.objectStore('athletes').put(athlete), tx.done]);
  }

  athletes(): Promise<Athlete[]> {
    return this.db.getAll('athletes');
  }

  exercises(): Promise<Exercise[]> {
    return this.db.getAll('exercises');
  }

  close(): void {
    this.db.close();
  }
}

/** Deletes a session's record, chunks and gaps within `tx`. */
function clearSession(tx: WriteTx, sessionId: string): Promise<unknown> {
  return Promise.all([
    tx.objectStore('sessions').delete(sessionId),
    tx.objectStore('chunks').delete(sessionRange(sessionId)),
    tx.objectStore('gaps').delete(sessionRange(sessionId)),
  ]);
}

/** Changes fields of a session's record within `tx`, if the session is still kept. */
async function patchSession(tx: WriteTx, sessionId: string, patch: Partial<SessionRecord>): Promise<void> {
  const sessions = tx.objectStore('sessions');
  const record = await sessions.get(sessionId);
  if (record !== undefined) await sessions.put({ ...record, ...patch });
}

/** The record with tags: its own, else `owner` doing the Unspecified exercise from the start. */
function tagged(record: SessionRecord, owner: string | undefined): SessionRecord {
  if (record.settings.tags !== undefined) return record;
  if (owner === undefined) throw new Error('The journal has no athlete to give a session to');
  return { ...record, settings: { ...record.settings, tags: firstTags({ athleteId: owner, exerciseId: UNSPECIFIED_EXERCISE_ID }) } };
}

/** The settings stored before athletes, read for the migration; null where there are none or storage is blocked. */
function storedSettings(): string | null {
  try {
    return globalThis.localStorage?.getItem(SETTINGS_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * Opens (creating on first use) the journal database of this origin, migrating a database an
 * older release wrote (schema.ts). Rejects with a clear Error where IndexedDB is missing (some
 * private modes) or the migration failed (the database is then left as it was), so the caller
 * can record in memory only. `sources` are for tests: the first athlete's settings, clock, ids.
 */
export async function openJournalStore(name: string = JOURNAL_DB_NAME, sources: Partial<MigrationSources> = {}): Promise<JournalStore> {
  if (typeof indexedDB === 'undefined') {
    throw new Error('IndexedDB is not available in this browser: sessions cannot be kept across reloads');
  }
  const from: MigrationSources = { legacySettings: storedSettings, now: Date.now, newId: () => crypto.randomUUID(), ...sources };
  let migrationError: unknown = null;
  let db: IDBPDatabase<JournalSchema>;
  try {
    db = await openDB<JournalSchema>(name, JOURNAL_VERSION, {
      upgrade(database, oldVersion, _newVersion, tx) {
        // An aborted upgrade is reported by openDB's rejection, below; its `done` would be a second, unheard one.
        tx.done.catch(() => {});
        upgrade(database, oldVersion, tx, from).catch((error: unknown) => {
          migrationError = error;
          tx.abort();
        });
      },
      // Another tab is opening a newer version: step aside rather than block its upgrade.
      blocking() {
        db.close();
      },
    });
  } catch (error) {
    if (migrationError !== null) throw new Error(`The kept sessions could not be brought up to date (${messageOf(migrationError)}); they are left as they were`);
    throw error;
  }
  return new IdbJournalStore(db, from);
}
