/**
 * The journal's storage port and its IndexedDB implementation (through `idb`). The journal logic
 * talks to the port only, so a test can hand it a store that fails like a full disk does.
 *
 * Layout (database "repline-journal", version 1):
 * - `sessions`, key `id`: one {@link SessionRecord} per session;
 * - `chunks`, key `[sessionId, seq]`: raw samples, so one key range reads a session in order;
 * - `gaps`, key `[sessionId, seq]`: link drops.
 * A batch of writes is one transaction over the three stores: it lands whole or not at all,
 * which is what keeps a recovered journal a gap-free prefix of the recording.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ChunkRecord, GapRecord, JournalOp, SessionRecord } from './records';

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
  /** Deletes every session. */
  removeAll(): Promise<void>;
  close(): void;
}

interface JournalSchema extends DBSchema {
  sessions: { key: string; value: SessionRecord };
  chunks: { key: [string, number]; value: ChunkRecord };
  gaps: { key: [string, number]; value: GapRecord };
}

export const JOURNAL_DB_NAME = 'repline-journal';
const VERSION = 1;
const STORES = ['sessions', 'chunks', 'gaps'] as const;

/** Every `[sessionId, seq]` key of one session (seq is a non-negative integer). */
function sessionRange(sessionId: string): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, 0], [sessionId, Number.MAX_SAFE_INTEGER]);
}

class IdbJournalStore implements JournalStore {
  constructor(private readonly db: IDBPDatabase<JournalSchema>) {}

  async write(ops: readonly JournalOp[]): Promise<void> {
    const tx = this.db.transaction(STORES, 'readwrite');
    // Every request is awaited with the transaction, so a failing put is reported once (by
    // `tx.done`) instead of surfacing as an unhandled rejection.
    const requests: Promise<unknown>[] = ops.map((op) => {
      switch (op.kind) {
        case 'session':
          return tx.objectStore('sessions').put(op.record);
        case 'chunk':
          return tx.objectStore('chunks').put(op.record);
        case 'gap':
          return tx.objectStore('gaps').put(op.record);
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
    await Promise.all([
      tx.objectStore('sessions').delete(sessionId),
      tx.objectStore('chunks').delete(sessionRange(sessionId)),
      tx.objectStore('gaps').delete(sessionRange(sessionId)),
      tx.done,
    ]);
  }

  async removeAll(): Promise<void> {
    const tx = this.db.transaction(STORES, 'readwrite');
    await Promise.all([...STORES.map((s) => tx.objectStore(s).clear()), tx.done]);
  }

  close(): void {
    this.db.close();
  }
}

/**
 * Opens (creating on first use) the journal database of this origin. Rejects with a clear Error
 * where IndexedDB is missing (some private modes) so the caller can record in memory only.
 */
export async function openJournalStore(name: string = JOURNAL_DB_NAME): Promise<JournalStore> {
  if (typeof indexedDB === 'undefined') {
    throw new Error('IndexedDB is not available in this browser: sessions cannot be kept across reloads');
  }
  const db = await openDB<JournalSchema>(name, VERSION, {
    upgrade(database) {
      database.createObjectStore('sessions', { keyPath: 'id' });
      database.createObjectStore('chunks', { keyPath: ['sessionId', 'seq'] });
      database.createObjectStore('gaps', { keyPath: ['sessionId', 'seq'] });
    },
    // Another tab is opening a newer version: step aside rather than block its upgrade.
    blocking() {
      db.close();
    },
  });
  return new IdbJournalStore(db);
}
