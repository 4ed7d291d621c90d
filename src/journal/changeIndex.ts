/**
 * The journal's change index: for every record of the log, the number of its last change on this
 * device, so that a sync pushes "what changed since my last push" (docs/sync.md §5 and §10) by
 * reading the records whose number is above the last one it pushed, oldest change first.
 *
 * - One row per record (`[kind, id]`), overwritten at each change with the next number: the index
 *   stays as small as the log's list of records, however often they change (a chunk written every
 *   second moves its session's `samples` row, not a row per chunk).
 * - Numbers grow by one per row changed, in commit order (they are taken inside the write's
 *   transaction, from the highest kept), so a reader that stops at a number misses nothing below it.
 * - What marks a change: every local edit; a merge from a file, wherever it changed the kept copy
 *   (the team server may lack what a file brings); a merge from the team server only where the
 *   merged copy differs from the server's (the device had edits the server lacks), so that a pull
 *   is not pushed back.
 */
import type { IDBPObjectStore } from 'idb';
import type { ChangeKind, JournalSchema, STORES } from './schema';

export type { ChangeKind, ChangeRow } from './schema';

/** The `changes` store inside a write transaction. */
export type ChangesStore = IDBPObjectStore<JournalSchema, typeof STORES, 'changes', 'readwrite'>;

/** Numbers the changes of one write transaction; each `mark` takes the next number. */
export interface ChangeMarks {
  mark(kind: ChangeKind, id: string): Promise<void>;
}

export function changeMarks(store: ChangesStore): ChangeMarks {
  let last: Promise<number> | null = null;
  const marked = new Set<string>();
  return {
    async mark(kind, id) {
      const key = `${kind}\u0000${id}`;
      if (marked.has(key)) return;
      marked.add(key);
      last = (last ?? store.index('byChange').openCursor(null, 'prev').then((cursor) => cursor?.value.change ?? 0)).then((n) => n + 1);
      const change = await last;
      await store.put({ kind, id, change });
    },
  };
}
