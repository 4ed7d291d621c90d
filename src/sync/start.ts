/**
 * The sync as it runs in the app, put together once its code has loaded (teamSync.ts loads it):
 * the service on the browser's network, runs asked for when a set or session ends
 * (triggers.ts), once at start and periodically on a coach's device (periodicPull.ts), and an
 * athlete's phone bringing its athlete up (athleteUp.ts).
 */
import { createNetwork, type NetworkPort } from '../platform/network';
import type { StoragePort } from '../platform/storage/port';
import { bringUpOwnAthlete, type AthleteSwitch } from './athleteUp';
import type { SyncJournal } from './context';
import { pullPeriodically } from './periodicPull';
import { createSyncService, type SyncService } from './syncService';
import { watchSetsEnding, type SetSignals } from './triggers';

export interface StartSyncDeps {
  storage: () => StoragePort;
  /** The network port (the browser's when absent). */
  network?: () => NetworkPort;
  journal: SyncJournal;
  after: (ms: number, run: () => void) => () => void;
  onError: (message: string) => void;
}

export interface RunningSync {
  service: SyncService;
  /** Follows the sets on screen and the team once the team service is up; returns the function that stops following. */
  follow(sets: Omit<SetSignals, 'after'>, team: AthleteSwitch): () => void;
  dispose(): void;
}

export function startSync(deps: StartSyncDeps): RunningSync {
  const service = createSyncService({ storage: deps.storage, network: deps.network?.() ?? createNetwork(), journal: deps.journal, now: Date.now, after: deps.after });
  service.request('start');
  const stopPulling = pullPeriodically(service, deps.after);
  return {
    service,
    follow(sets, team) {
      const stopSets = watchSetsEnding({ ...sets, after: deps.after }, () => service.request('set'));
      const stopTeam = bringUpOwnAthlete(service.status, team, () => service.broughtUp(), deps.onError);
      return () => {
        stopSets();
        stopTeam();
      };
    },
    dispose() {
      stopPulling();
      service.dispose();
    },
  };
}
