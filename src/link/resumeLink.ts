/**
 * Resuming the link: the reconnect attempts (`reconnectAttempts.ts`) for one unit, wired to the
 * app. What the link does when they get a dropped unit back: the same session carries
 * on as 'connected' (no Calibrate modal: the unit kept its zero), the firmware and unit info are
 * refreshed, and the boost the user had is written again, since the connect sequence sets it to
 * 0. The user is told how long the gap was. The policy hears of every batch the live session
 * records. Loaded with the first unit that can reconnect, so none of this weighs on the Workout
 * screen's start-up.
 */
import { batch } from '@preact/signals-react';
import { messageOf } from '../shared/messageOf';
import type { ConnectionStore } from '../stores/connection';
import type { LiveSession } from '../workout/liveSession';
import { createReconnector, type ReconnectableUnit, type Reconnector, type ReconnectorDeps } from './reconnectAttempts';

export interface ReconnectionDeps {
  /** The connection store, moved back to 'connected' when the unit is back. */
  connection: ConnectionStore;
  /** Timers and schedule of the attempts (tests drive them with a manual scheduler). */
  timing?: Pick<ReconnectorDeps, 'after' | 'schedule'>;
  onStatus: (message: string) => void;
  onError: (message: string) => void;
}

/** The reconnector of `unit`, fed with the samples `session` records (it stops with `dispose`). */
export function reconnectorFor(unit: ReconnectableUnit, session: LiveSession, deps: ReconnectionDeps): Reconnector {
  const { state: connection, firmware, unitInfo, boostPercent } = deps.connection;
  const link = createReconnector({
    ...deps.timing,
    unit,
    onReconnected(device) {
      const state = connection.peek();
      if (state.status !== 'reconnecting' || state.unit !== unit) return;
      batch(() => {
        connection.value = { status: 'connected', unit, device };
        firmware.value = device.firmware;
        unitInfo.value = device.info;
      });
      const boost = boostPercent.peek();
      if (boost > 0) {
        unit.setBoost(boost).catch((error: unknown) => {
          boostPercent.value = 0;
          deps.onError(`The boost could not be set again after reconnecting: ${messageOf(error)}`);
        });
      }
    },
    onGap: (fromUs, toUs) => deps.onStatus(`Reconnected: ${((toUs - fromUs) / 1e6).toFixed(1)} s without samples, marked as a gap`),
    onError: deps.onError,
  });
  const stopFeeding = session.onRecorded({ gap: () => {}, samples: (s) => link.samples(s.timeUs[0]!, s.timeUs[s.timeUs.length - 1]!) });
  const dispose = link.dispose;
  return {
    ...link,
    dispose() {
      stopFeeding();
      dispose();
    },
  };
}
