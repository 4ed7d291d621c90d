/**
 * Keeps the screen on during a workout: the wake lock is held while a unit is connected
 * or being reconnected, and let go when the user disconnects or the app gives up reconnecting.
 * Where the platform cannot keep the screen on, a quiet hint says so while it matters (a unit is
 * connected); it is not an error, the workout runs the same.
 */
import { effect, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { Reconnector } from './reconnectAttempts';
import type { WakeLockPort, WakeLockStatus } from '../platform/wakeLock/port';
import { messageOf } from '../shared/messageOf';
import type { ConnectionState } from '../stores/connection';

export interface ScreenAwakeDeps {
  /** The reconnect attempts of the connected unit (the lock is let go once they give up). */
  reconnector: ReadonlySignal<Reconnector | null>;
  connection: ReadonlySignal<ConnectionState>;
  /** Where the quiet line goes when the screen may dim (the workout hints' `wakeLockHint`). */
  hint: Signal<string | null>;
  onError: (message: string) => void;
}

export const UNSUPPORTED_HINT = 'This browser cannot keep the screen on: it may dim during the workout.';

function hintFor(status: WakeLockStatus): string | null {
  if (status.kind === 'unsupported') return UNSUPPORTED_HINT;
  if (status.kind === 'refused') return status.message;
  return null;
}

/** Starts following the connection; returns the function that stops (and releases). */
export function keepScreenAwake(port: WakeLockPort, { reconnector, connection, hint, onError }: ScreenAwakeDeps): () => void {
  let wanted = false;
  const show = () => {
    hint.value = wanted ? hintFor(port.status) : null;
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
      port.acquire().then(show, (error: unknown) => onError(`Keeping the screen on failed: ${messageOf(error)}`));
    } else {
      port.release().catch((error: unknown) => onError(`Letting the screen sleep again failed: ${messageOf(error)}`));
    }
  });
  return () => {
    stop();
    offStatus();
    if (wanted) void port.release();
    wanted = false;
    hint.value = null;
  };
}
