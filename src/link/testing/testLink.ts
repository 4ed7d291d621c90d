/**
 * A link over its own live session, for tests of the link and of what follows the connection:
 * the fake engine unless told otherwise, no journal, and reconnect timers the test drives
 * (`drive(scheduler)` before a unit drops the link).
 */
import { signal } from '@preact/signals-react';
import { DEFAULT_ENGINE_SETTINGS } from '../../engine/settings';
import { showError, showStatus } from '../../stores/alerts';
import { inertia } from '../../stores/settings';
import { createLiveSession, type EngineApi } from '../../workout/liveSession';
import { fakeEngineApi } from '../../workout/testing/fakeEngine';
import { createLink } from '../connection';
import { reconnectorFor } from '../resumeLink';
import type { ReconnectorDeps } from '../reconnectAttempts';

export function createTestLink(engine: EngineApi = fakeEngineApi) {
  const session = createLiveSession({ engine, settings: signal({ ...DEFAULT_ENGINE_SETTINGS }), requestFrame: (cb) => cb(), onError: showError });
  let timing: Pick<ReconnectorDeps, 'after' | 'schedule'> = {};
  const link = createLink({
    session,
    recorder: signal(null),
    loadEngine: async () => {},
    inertia,
    reconnectorFor: async (unit, live) => reconnectorFor(unit, live, { timing, onStatus: showStatus, onError: showError }),
    onError: showError,
  });
  return {
    session,
    link,
    /** The reconnect attempts' timers and schedule from now on. */
    drive(next: Pick<ReconnectorDeps, 'after' | 'schedule'>) {
      timing = next;
    },
  };
}
