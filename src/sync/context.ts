/**
 * What one sync run works with (run.ts): the server's client, this device's journal, who this
 * device is in the team, and where the run's problems are collected. The journal is
 * reached through the few operations the sync client uses (docs/sync.md "What the app's journal
 * offers the client").
 */
import type { DeviceClock } from '../journal/deviceClock';
import type { LogEntry, MergeOptions, MergeReport } from '../journal/logMerge';
import type { JournalStore } from '../journal/store';
import type { TeamServerClient } from './client';
import type { Role } from './wire';

/** The journal as the sync client uses it (`Journaling`'s). */
export interface SyncJournal {
  opened(): Promise<JournalStore>;
  mergeEntries(entries: readonly LogEntry[], options: MergeOptions): Promise<MergeReport>;
  /** Writes into the log with `write` where those who show it read it again afterwards (refused while a unit records). */
  merge<T>(write: (store: JournalStore) => Promise<T>): Promise<T>;
  readonly clock: DeviceClock;
  /** Resolves once what the recorder was handed is written. */
  settled(): Promise<void>;
}

/** Keys of this device's own values kept in the journal's `meta` store, in the transactions they go with. */
export const META = {
  /** The last change number pushed and answered (changeIndex.ts). */
  pushed: 'sync.pushed',
  /** The pull cursor the server gave last. */
  cursor: 'sync.cursor',
  /** The latest stamp received from the server (what the edit clock restarts from after `clock-ahead`). */
  seen: 'sync.seen',
  /** `sync.samples:<session id>`: every sample of that session (finished elsewhere) has been fetched. */
  samples: (sessionId: string) => `sync.samples:${sessionId}`,
} as const;

export interface RunContext {
  client: TeamServerClient;
  store: JournalStore;
  journal: SyncJournal;
  role: Role;
  athleteId: string | null;
  /** The ids this device stamps with (its server id, and its own before it joined). */
  ownIds: ReadonlySet<string>;
  /** The server's clock minus this device's, ms, as last measured. */
  offsetMs(): number;
  /** Keeps a sentence for the status line: something the server refused or the device could not read. */
  problem(message: string): void;
}
