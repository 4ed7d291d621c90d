/**
 * The sync as the rest of the app holds it before its code is loaded (docs/sync.md §10): a small
 * handle, in the chunk that loads after the first render, that loads the sync code (start.ts)
 * only on a device that has joined a team, once the journal is open, or when Settings → Sync asks
 * for it. A device without a server loads none of it and talks to no server.
 */
import { signal, type ReadonlySignal } from '@preact/signals-react';
import { createNetwork } from '../platform/network';
import { SYNC_KEY } from './membership';
import type { SetSignals } from './triggers';
import type { AthleteSwitch } from './athleteUp';
import type { RunningSync, StartSyncDeps } from './start';
import type { SyncService } from './syncService';

export interface TeamSync {
  /** The sync service once its code has loaded; null before (and on a device in no team, until Settings → Sync opens). */
  readonly service: ReadonlySignal<SyncService | null>;
  /** Loads the sync code (Settings → Sync), and resolves with the service. */
  load(): Promise<SyncService>;
  /** Whether this device has joined a team (read without loading the sync code). */
  member(): boolean;
  /** Starts syncing if this device has joined a team, following the sets on screen and the team service. */
  startIfMember(sets: Omit<SetSignals, 'after'>, team: AthleteSwitch): void;
  /** Before a kept session is opened or reprocessed: its samples from the server if it was pulled without them. */
  beforeOpening(sessionId: string): Promise<void>;
  /**
   * Calls `listener` at each new chance to reach the team server (the device online, the app back
   * in the foreground): a page waiting for samples tries again then. Returns the function that stops it.
   */
  onChance(listener: () => void): () => void;
  /** This device leaves its team, if it is in one (Delete all data). */
  leave(): Promise<void>;
  dispose(): void;
}

export function createTeamSync(deps: Omit<StartSyncDeps, 'after'> & { after?: StartSyncDeps['after'] }): TeamSync {
  const service = signal<SyncService | null>(null);
  const after = deps.after ?? ((ms: number, run: () => void) => clearTimeout.bind(null, setTimeout(run, ms)));
  let running: Promise<RunningSync> | null = null;
  let following: { sets: Omit<SetSignals, 'after'>; team: AthleteSwitch } | null = null;
  let stopFollowing = (): void => {};
  let disposed = false;

  const member = () => deps.storage().read(SYNC_KEY) !== null;
  function start(): Promise<RunningSync> {
    running ??= import('./start').then(({ startSync }) => {
      const sync = startSync({ ...deps, after });
      if (disposed) sync.dispose();
      else {
        service.value = sync.service;
        if (following !== null) stopFollowing = sync.follow(following.sets, following.team);
      }
      return sync;
    });
    return running;
  }

  return {
    service,
    load: async () => (await start()).service,
    member,
    startIfMember(sets, team) {
      stopFollowing();
      following = { sets, team };
      if (service.peek() !== null) void start().then((sync) => (stopFollowing = sync.follow(sets, team)));
      else if (member()) start().catch((error: unknown) => deps.onError(`Syncing with the team server could not start: ${error instanceof Error ? error.message : String(error)}`));
    },
    async beforeOpening(sessionId) {
      if (!member()) return;
      await (await start()).service.fetchSamples(sessionId);
    },
    onChance: (listener) => (deps.network?.() ?? createNetwork()).onChance(() => listener()),
    async leave() {
      if (member()) await (await start()).service.leave();
    },
    dispose() {
      disposed = true;
      stopFollowing();
      void running?.then((sync) => sync.dispose());
    },
  };
}
