/**
 * What starts after the first render, in one lazy chunk so the Workout screen's start-up carries
 * neither: the wake lock, which follows the connection, and the session journal (IndexedDB and
 * the recovery offer). The composition root loads and starts it.
 */
import type { ReadonlySignal } from '@preact/signals-react';
import { createJournaling, type Journaling, type JournalingDeps } from '../journal/journaling';
import type { Reconnector } from '../link/reconnectAttempts';
import type { WakeLockPort } from '../platform/wakeLock/port';
import { keepScreenAwake } from '../link/screenAwake';
import type { Stores } from '../stores';

export interface BackgroundDeps {
  wakeLock: WakeLockPort;
  reconnector: ReadonlySignal<Reconnector | null>;
  stores: Stores;
  journaling: JournalingDeps;
}

export function startBackgroundServices(deps: BackgroundDeps): { journaling: Journaling; stop: () => void } {
  const { connection, workoutHints, alerts } = deps.stores;
  const stopAwake = keepScreenAwake(deps.wakeLock, { reconnector: deps.reconnector, connection: connection.state, hint: workoutHints.wakeLockHint, onError: alerts.showError });
  const journaling = createJournaling(deps.journaling);
  return {
    journaling,
    stop() {
      journaling.dispose();
      stopAwake();
    },
  };
}
