/**
 * What starts after the first render, in one lazy chunk so the Workout screen's start-up carries
 * none of it: the wake lock, which follows the connection, this device's edit clock (one per app:
 * every edit of the log is stamped with it, journal/deviceClock.ts; the sync client sets its
 * device id and offset), the session journal (IndexedDB and the recovery offer) with the log file
 * (backup, restore, an athlete's sessions), and once the journal is open the team (its store and
 * service: the athletes, who trains now). The composition root loads and starts it.
 */
import type { ReadonlySignal } from '@preact/signals-react';
import { createDeviceClock } from '../journal/deviceClock';
import { createJournaling, type Journaling, type JournalingDeps } from '../journal/journaling';
import { createWebPersistence, type PersistencePort } from '../platform/storage/persistence';
import { createLogFile, type LogFile } from '../logFile/logFile';
import type { Reconnector } from '../link/reconnectAttempts';
import type { WakeLockPort } from '../platform/wakeLock/port';
import { keepScreenAwake } from '../link/screenAwake';
import type { Stores } from '../stores';
import { createTeam, type Team } from '../team/team';
import { createTeamStore } from '../stores/team';
import type { WorkoutView } from '../rules/workoutView';

export interface BackgroundDeps {
  wakeLock: WakeLockPort;
  reconnector: ReadonlySignal<Reconnector | null>;
  stores: Stores;
  /** The journal's dependencies but the clock, made here, and the persistence port (the web's when absent). */
  journaling: Omit<JournalingDeps, 'clock' | 'persistence'> & { persistence?: () => PersistencePort };
}

export function startBackgroundServices(deps: BackgroundDeps): { journaling: Journaling & LogFile; startTeam: (view: ReadonlySignal<WorkoutView>) => Team; stop: () => void } {
  const { connection, workoutHints, alerts } = deps.stores;
  const stopAwake = keepScreenAwake(deps.wakeLock, { reconnector: deps.reconnector, connection: connection.state, hint: workoutHints.wakeLockHint, onError: alerts.showError });
  const clock = createDeviceClock({ storage: deps.journaling.storage, now: Date.now, newId: () => crypto.randomUUID() });
  const persistence = deps.journaling.persistence?.() ?? createWebPersistence();
  const journaling = createJournaling({ ...deps.journaling, clock, persistence });
  const logFile = createLogFile({ journal: journaling });
  let team: Team | null = null;
  return {
    journaling: { ...journaling, ...logFile },
    startTeam(view) {
      team?.dispose();
      const store = createTeamStore(deps.journaling.storage, alerts.showError);
      team = createTeam({ store, journal: journaling.state.peek().kind === 'open' ? journaling : null, settings: deps.stores.settings, alerts, session: deps.journaling.session, view });
      return team;
    },
    stop() {
      team?.dispose();
      journaling.dispose();
      stopAwake();
    },
  };
}
