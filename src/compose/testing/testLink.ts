/**
 * A link over its own live session and stores, for tests of the link and of what follows the
 * connection: the fake engine unless told otherwise, no journal, and reconnect timers the test
 * drives (`drive(scheduler)` before a unit drops the link). Make one per test.
 */
import { signal } from '@preact/signals-react';
import { DEFAULT_ENGINE_SETTINGS } from '../../engine/settings';
import { createLink } from '../../link/link';
import { reconnectorFor } from '../../link/resumeLink';
import type { ReconnectorDeps } from '../../link/reconnectAttempts';
import { createStores } from '../../stores';
import { createLiveSession, type EngineApi } from '../../workout/liveSession';
import { fakeEngineApi } from '../../workout/testing/fakeEngine';

export function createTestLink(engine: EngineApi = fakeEngineApi) {
  const stores = createStores();
  const { alerts, connection } = stores;
  const session = createLiveSession({ engine, settings: signal({ ...DEFAULT_ENGINE_SETTINGS }), requestFrame: (cb) => cb(), onError: alerts.showError });
  let timing: Pick<ReconnectorDeps, 'after' | 'schedule'> = {};
  const link = createLink({
    session,
    connection,
    loadEngine: async () => {},
    inertia: stores.settings.inertia,
    reconnectorFor: async (unit, live) => reconnectorFor(unit, live, { connection, timing, onStatus: alerts.showStatus, onError: alerts.showError }),
    onError: alerts.showError,
  });
  return {
    stores,
    session,
    link,
    /** The reconnect attempts' timers and schedule from now on. */
    drive(next: Pick<ReconnectorDeps, 'after' | 'schedule'>) {
      timing = next;
    },
  };
}
