/**
 * Keeps the screen on during a workout: the wake lock is held while a unit is connected
 * or being reconnected, and let go when the user disconnects or the app gives up reconnecting.
 * Where the platform cannot keep the screen on, a quiet hint says so while it matters (a unit is
 * connected); it is not an error, the workout runs the same.
 */
import { effect, type ReadonlySignal } from '@preact/signals-react';
import type { Reconnector } from './reconnectAttempts';
import type { WakeLockPort, WakeLockStatus } from '../platform/wakeLock/port';
import { showError } from '../stores/alerts';
import { messageOf } from '../shared/messageOf';
import { connection } from '../stores/connection';
import { wakeLockHint } from '../stores/workoutHints';

export const UNSUPPORTED_HINT = 'This browser cannot keep the screen on: it may dim during the workout.';

function hintFor(status: WakeLockStatus): string | null {
  if (status.kind === 'unsupported') return UNSUPPORTED_HINT;
  if (status.kind === 'refused') return status.message;
  return null;
}

/** Starts following the connection; returns the function that stops (and releases). */
export function keepScreenAwake(port: WakeLockPort, reconnector: ReadonlySignal<Reconnector | null>): () => void {
  let wanted = false;
  const show = () => {
    wakeLockHint.value = wanted ? hintFor(port.status) : null;
  };
  const offStatus = port.subscribe(show);
  const stop = effect(() => {
    const state = connection.value;
    const attempts = reconnector.value?.state.value;
    const want = state.status === 'connected' || (state.status === 'reconnecting' && attempts?.kind !== 'gave-up');
    if (want === wanted) return;
    wanted = want;
    show();
    if (want) {
      port.acquire().then(show, (error: unknown) => showError(`Keeping the screen on failed: ${messageOf(error)}`));
    } else {
      port.release().catch((error: unknown) => showError(`Letting the screen sleep again failed: ${messageOf(error)}`));
    }
  });
  return () => {
    stop();
    offStatus();
    if (wanted) void port.release();
    wanted = false;
    wakeLockHint.value = null;
  };
}
