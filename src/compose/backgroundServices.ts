/**
 * What starts after the first render, in one lazy chunk so the Workout screen's start-up carries
 * none of it: the wake lock, which follows the connection, this device's edit clock (one per app:
 * every edit of the log is stamped with it, journal/deviceClock.ts; the sync client sets its
 * device id and offset), the session journal (IndexedDB and the recovery offer) with the log file
 * (backup, restore, an athlete's sessions), and once the journal is open the team (its store and
 * service: the athletes, who trains now) and, on a device that has joined a team, the sync with
 * the team server (src/sync/: its code loads only then, or when Settings → Sync is opened). The
 * composition root loads and starts it.
 *
 * With the sync, a kept session pulled from the team server without its samples fetches them
 * before it is opened, exported or reprocessed (`recorded`), and Delete all data also leaves the
 * team: otherwise the next sync would bring the team's log straight back.
 */
import { computed, type ReadonlySignal } from '@preact/signals-react';
import { createDeviceClock } from '../journal/deviceClock';
import { createJournaling, type Journaling, type JournalingDeps } from '../journal/journaling';
import { createWebPersistence, type PersistencePort } from '../platform/storage/persistence';
import { createLogFile, type LogFile } from '../logFile/logFile';
import type { Reconnector } from '../link/reconnectAttempts';
import type { NetworkPort } from '../platform/network/port';
import type { WakeLockPort } from '../platform/wakeLock/port';
import { createTeamSync, type TeamSync } from '../sync/teamSync';
import { keepScreenAwake } from '../link/screenAwake';
import type { Stores } from '../stores';
import { createTeam, type Team } from '../team/team';
import { createTeamStore } from '../stores/team';
import type { WorkoutView } from '../rules/workoutView';

export interface BackgroundDeps {
  wakeLock: WakeLockPort;
  reconnector: ReadonlySignal<Reconnector | null>;
  stores: Stores;
  /** The journal's dependencies but the clock, made here, the persistence port and the network (the web's when absent). */
  journaling: Omit<JournalingDeps, 'clock' | 'persistence'> & { persistence?: () => PersistencePort; network?: () => NetworkPort };
}

export function startBackgroundServices(deps: BackgroundDeps): { journaling: Journaling & LogFile & { sync: TeamSync }; startTeam: (view: ReadonlySignal<WorkoutView>) => Team; stop: () => void } {
  const { connection, workoutHints, alerts } = deps.stores;
  const stopAwake = keepScreenAwake(deps.wakeLock, { reconnector: deps.reconnector, connection: connection.state, hint: workoutHints.wakeLockHint, onError: alerts.showError });
  const clock = createDeviceClock({ storage: deps.journaling.storage, now: Date.now, newId: () => crypto.randomUUID() });
  const persistence = deps.journaling.persistence?.() ?? createWebPersistence();
  const journal = createJournaling({ ...deps.journaling, clock, persistence });
  const sync = createTeamSync({ storage: deps.journaling.storage, network: deps.journaling.network, journal, onError: alerts.showError });
  const journaling: Journaling = {
    ...journal,
    async recorded(id) {
      await sync.beforeOpening(id);
      return journal.recorded(id);
    },
    async deleteAll() {
      await journal.deleteAll();
      await sync.leave();
    },
  };
  const logFile = createLogFile({ journal: journaling });
  let team: Team | null = null;
  return {
    journaling: { ...journaling, ...logFile, sync },
    startTeam(view) {
      team?.dispose();
      const store = createTeamStore(deps.journaling.storage, alerts.showError);
      team = createTeam({ store, journal: journaling.state.peek().kind === 'open' ? journaling : null, settings: deps.stores.settings, alerts, session: deps.journaling.session, view });
      const settings = deps.stores.settings.current;
      sync.startIfMember({ reps: deps.journaling.session.reps, setDone: computed(() => view.value.setDone), connected: computed(() => connection.state.value.status !== 'disconnected'), restMs: () => settings.peek().setRestS * 1000 }, team);
      return team;
    },
    stop() {
      sync.dispose();
      team?.dispose();
      journaling.dispose();
      stopAwake();
    },
  };
}
