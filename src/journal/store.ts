/**
 * The journal's storage port and its IndexedDB implementation (through `idb`). The journal logic
 * talks to the port only, so a test can hand it a store that fails like a full disk does.
 *
 * Layout and migrations: schema.ts (database "repline-journal", version 4). A batch of writes is
 * one transaction over every store: it lands whole or not at all, which is what keeps a recovered
 * journal a gap-free prefix of the recording.
 *
 * The store is where the log's two kinds of write meet it (docs/behaviour.md §10):
 * - `write`: edits made on this device, stamped at their source with this device's edit clock
 *   (localEdits.ts);
 * - `merge`: copies from outside (a backup file, the team server), merged record by record and
 *   field by field, samples only ever added, deletions kept (logMerge.ts); the clock observes
 *   every stamp that comes in.
 * Both mark what they change in the change index (changeIndex.ts), which a sync reads.
 *
 * Every session record the store keeps names its athletes and exercises (`settings.tags`): one
 * written without them (the recorder does not tag sessions while nobody is named) is given the
 * first athlete and the Unspecified exercise from its start, as the migration does for older records.
 */
import { openDB, type IDBPDatabase } from 'idb';
import { firstAthlete, type Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import { messageOf } from '../shared/messageOf';
import { SETTINGS_KEY } from '../stores/settings';
import { stampedAthlete, type SessionTombstone } from '../log/merge';
import type { ChunkRecord, GapRecord, OrderRecord, SessionRecord } from '../log/records';
import { createEditClock, type EditClock } from '../log/stamp';
import { applyEdits, sessionRange } from './localEdits';
import { applyMerge, type LogEntry, type MergeOptions, type MergeReport } from './logMerge';
import type { JournalOp } from './records';
import { defaultAthlete, JOURNAL_VERSION, ORDER_KEY, STORES, upgrade, type ChangeRow, type JournalSchema, type MigrationSources } from './schema';

export type { LogEntry, MergeOptions, MergeReport } from './logMerge';

/** A change of the log as a sync pushes it (docs/sync.md §4): the record's kind and its copy now, or the session whose samples grew. */
export type ChangedEntry = Exclude<LogEntry, { kind: 'chunk' } | { kind: 'gap' }> | { kind: 'samples'; sessionId: string };

export interface JournalStore {
  /** Stores local edits atomically, in order, stamped (localEdits.ts); rejects (quota, closed database…) with nothing written. */
  write(ops: readonly JournalOp[]): Promise<void>;
  /** Merges copies from outside in one transaction (logMerge.ts); rejects with nothing written. */
  merge(entries: readonly LogEntry[], options: MergeOptions): Promise<MergeReport>;
  sessions(): Promise<SessionRecord[]>;
  session(id: string): Promise<SessionRecord | undefined>;
  /** The sessions deleted here or learnt deleted. */
  tombstones(): Promise<SessionTombstone[]>;
  /** Whether this device recorded the session (recovery offers only those). */
  recordedHere(id: string): Promise<boolean>;
  /** The session's chunks in `seq` order: all of them, or `limit` from `fromSeq` on (a long session read piece by piece). */
  chunks(sessionId: string, fromSeq?: number, limit?: number): Promise<ChunkRecord[]>;
  /** The number of chunks kept of the session. */
  chunkCount(sessionId: string): Promise<number>;
  /** The session's gaps in `seq` order. */
  gaps(sessionId: string): Promise<GapRecord[]>;
  /** Deletes a session with its chunks and gaps; its tombstone stays, so that no copy of it comes back. */
  remove(sessionId: string): Promise<void>;
  /** Deletes every session, athlete, custom exercise, deletion and change of this device; a first athlete with the default settings takes over. */
  removeAll(): Promise<void>;
  athletes(): Promise<Athlete[]>;
  /** The custom exercises (the built-ins are in rules/exercises.ts). */
  exercises(): Promise<Exercise[]>;
  /** Today's order as kept, null when none was ever set. */
  order(): Promise<OrderRecord | null>;
  /** The highest change number (changeIndex.ts), 0 before any. */
  lastChange(): Promise<number>;
  /** What changed after change `after`, oldest change first, at most `limit` rows (changeIndex.ts). */
  changesAfter(after: number, limit?: number): Promise<{ change: number; entry: ChangedEntry }[]>;
  /** A value kept with `meta` ops (undefined when none). */
  meta(key: string): Promise<unknown>;
  close(): void;
}

export const JOURNAL_DB_NAME = 'repline-journal';

/** What the store needs from outside: the migration's sources, and the edit clock that stamps this device's edits. */
export interface StoreSources extends MigrationSources {
  clock: EditClock;
}

class IdbJournalStore implements JournalStore {
  /** The default athlete's id once read (schema.ts `defaultAthlete`); forgotten when athletes are written. */
  private owner: string | undefined;

  constructor(
    private readonly db: IDBPDatabase<JournalSchema>,
    private readonly sources: StoreSources,
  ) {}

  async write(ops: readonly JournalOp[]): Promise<void> {
    const tx = this.db.transaction(STORES, 'readwrite');
    if (ops.some((op) => op.kind === 'athlete' || op.kind === 'forgetAthlete')) this.owner = undefined;
    const owner = async () => (this.owner ??= defaultAthlete(await tx.objectStore('athletes').getAll())?.id);
    // The transaction is awaited with the edits, so a failing put is reported once (by `tx.done`)
    // instead of surfacing as an unhandled rejection.
    await Promise.all([applyEdits(tx, ops, { stamp: () => this.sources.clock.next(), now: this.sources.now, owner }), tx.done]);
  }

  async merge(entries: readonly LogEntry[], options: MergeOptions): Promise<MergeReport> {
    this.owner = undefined;
    const tx = this.db.transaction(STORES, 'readwrite');
    const [report] = await Promise.all([applyMerge(tx, entries, { ...options, clock: this.sources.clock }), tx.done]);
    return report;
  }

  sessions(): Promise<SessionRecord[]> {
    return this.db.getAll('sessions');
  }

  session(id: string): Promise<SessionRecord | undefined> {
    return this.db.get('sessions', id);
  }

  tombstones(): Promise<SessionTombstone[]> {
    return this.db.getAll('tombstones');
  }

  async recordedHere(id: string): Promise<boolean> {
    return (await this.db.getKey('recordedHere', id)) !== undefined;
  }

  chunks(sessionId: string, fromSeq = 0, limit?: number): Promise<ChunkRecord[]> {
    return this.db.getAll('chunks', sessionRange(sessionId, fromSeq), limit);
  }

  chunkCount(sessionId: string): Promise<number> {
    return this.db.count('chunks', sessionRange(sessionId));
  }

  gaps(sessionId: string): Promise<GapRecord[]> {
    return this.db.getAll('gaps', sessionRange(sessionId));
  }

  remove(sessionId: string): Promise<void> {
    return this.write([{ kind: 'deleteSession', sessionId }]);
  }

  async removeAll(): Promise<void> {
    this.owner = undefined;
    const tx = this.db.transaction(STORES, 'readwrite');
    const athlete = stampedAthlete(firstAthlete(null, { id: this.sources.newId(), now: this.sources.now() }));
    await Promise.all([...STORES.map((s) => tx.objectStore(s).clear()), tx.objectStore('athletes').put(athlete), tx.objectStore('changes').put({ kind: 'athlete', id: athlete.id, change: 1 }), tx.done]);
  }

  athletes(): Promise<Athlete[]> {
    return this.db.getAll('athletes');
  }

  exercises(): Promise<Exercise[]> {
    return this.db.getAll('exercises');
  }

  async order(): Promise<OrderRecord | null> {
    return (await this.db.get('order', ORDER_KEY)) ?? null;
  }

  async lastChange(): Promise<number> {
    const cursor = await this.db.transaction('changes').store.index('byChange').openCursor(null, 'prev');
    return cursor?.value.change ?? 0;
  }

  async changesAfter(after: number, limit = 500): Promise<{ change: number; entry: ChangedEntry }[]> {
    const tx = this.db.transaction(['changes', 'sessions', 'tombstones', 'athletes', 'exercises', 'order']);
    const rows: ChangeRow[] = await tx.objectStore('changes').index('byChange').getAll(IDBKeyRange.lowerBound(after, true), limit);
    const out: { change: number; entry: ChangedEntry }[] = [];
    for (const { kind, id, change } of rows) {
      const entry = await changedEntry(tx, kind, id);
      if (entry !== null) out.push({ change, entry });
    }
    await tx.done;
    return out;
  }

  meta(key: string): Promise<unknown> {
    return this.db.get('meta', key);
  }

  close(): void {
    this.db.close();
  }
}

type ReadTx = ReturnType<IDBPDatabase<JournalSchema>['transaction']>;

/** The copy now of what a change row names (null: nothing left to name, as after Delete all data). */
async function changedEntry(tx: ReadTx, kind: ChangeRow['kind'], id: string): Promise<ChangedEntry | null> {
  const get = <S extends 'sessions' | 'tombstones' | 'athletes' | 'exercises' | 'order'>(store: S) => (tx.objectStore(store) as unknown as { get(key: string): Promise<JournalSchema[S]['value'] | undefined> }).get(id);
  switch (kind) {
    case 'samples':
      return { kind, sessionId: id };
    case 'session': {
      const record = (await get('tombstones')) ?? (await get('sessions'));
      return record === undefined ? null : { kind, record };
    }
    case 'athlete': {
      const record = await get('athletes');
      return record === undefined ? null : { kind, record };
    }
    case 'exercise': {
      const record = await get('exercises');
      return record === undefined ? null : { kind, record };
    }
    case 'order': {
      const record = await get('order');
      return record === undefined ? null : { kind, record };
    }
  }
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
 * can record in memory only. `sources`: the edit clock (the app's, compose/backgroundServices.ts;
 * a clock of its own otherwise), and for tests the first athlete's settings, clock and ids.
 */
export async function openJournalStore(name: string = JOURNAL_DB_NAME, sources: Partial<StoreSources> = {}): Promise<JournalStore> {
  if (typeof indexedDB === 'undefined') {
    throw new Error('IndexedDB is not available in this browser: sessions cannot be kept across reloads');
  }
  const base: MigrationSources = { legacySettings: storedSettings, now: Date.now, newId: () => crypto.randomUUID(), ...sources };
  const from: StoreSources = { ...base, clock: sources.clock ?? createEditClock({ node: crypto.randomUUID(), now: base.now }) };
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

