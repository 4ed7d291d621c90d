/**
 * What to do when the link to the unit drops, as a pure state machine: the caller feeds events
 * (samples, disconnections, attempt outcomes) into {@link reconnectStep} and carries out the
 * returned effects (start a timer, mark a gap, disconnect a stale link). No timers, no Bluetooth.
 *
 *     idle ──device drop──▶ reconnecting(1, 500 ms) ──fail──▶ reconnecting(2, 1 s) … ──▶ gave-up
 *       ▲                        │ success                                              │ retry
 *       └── user disconnect      ▼                                                      ▼
 *            (any state)      resumed ──first samples──▶ mark gap [last before, first after]
 *
 * Decisions where the product rules are silent:
 * - A user-initiated disconnect never reconnects, from any state, and cancels a pending attempt.
 * - Backoff 0.5 s, 1 s, 2 s, 4 s, 8 s, then every 10 s, 12 attempts (about 85 s in all): long
 *   enough for a unit that rebooted or a phone carried back into range, short enough not to drain
 *   the battery; then the user gets a "Reconnect" button (event `retry`). No jitter: there is
 *   one client per unit, so there is no herd to spread out.
 * - The gap is the device-time range between the last sample before the drop and the first
 *   after it. A drop before any sample marks no gap. If the first time after the drop is not
 *   later than the last one before it, the unit's clock restarted and the transport broke the
 *   unit contract (times strictly increase across batches): that throws instead of marking a
 *   negative gap.
 */
import type { DisconnectReason } from '../device/unit';

export interface ReconnectSchedule {
  /** Delay before the first attempt, ms. */
  initialDelayMs: number;
  /** Each later delay is the previous one times this. */
  factor: number;
  maxDelayMs: number;
  maxAttempts: number;
  /** How long the caller lets one attempt run before counting it as failed, ms. */
  attemptTimeoutMs: number;
}

export const DEFAULT_RECONNECT_SCHEDULE: Readonly<ReconnectSchedule> = Object.freeze({
  initialDelayMs: 500,
  factor: 2,
  maxDelayMs: 10_000,
  maxAttempts: 12,
  attemptTimeoutMs: 10_000,
});

/** `lastSampleUs`: device time of the newest sample seen, or null before any. */
export type ReconnectState =
  | { kind: 'idle'; lastSampleUs: number | null }
  | { kind: 'reconnecting'; attempt: number; nextDelayMs: number; gapFromUs: number | null; lastSampleUs: number | null }
  | { kind: 'resumed'; attempts: number; gapFromUs: number | null; lastSampleUs: number | null }
  | { kind: 'gave-up'; attempts: number; gapFromUs: number | null; lastSampleUs: number | null };

export type ReconnectEvent =
  /** A batch of samples arrived; its first and last device times, µs. */
  | { type: 'samples'; firstUs: number; lastUs: number }
  | { type: 'disconnected'; reason: DisconnectReason }
  | { type: 'attempt-succeeded' }
  | { type: 'attempt-failed' }
  /** The user asks for a new round of attempts after giving up. */
  | { type: 'retry' };

export type ReconnectEffect =
  /** Wait `delayMs`, then try to reconnect once and report the outcome. */
  | { kind: 'attempt-after'; delayMs: number }
  /** Drop any pending or running attempt (the user disconnected). */
  | { kind: 'cancel-attempt' }
  /** Tell the session and its journal: no samples between these device times. */
  | { kind: 'mark-gap'; fromUs: number; toUs: number }
  /** An attempt came back after the user gave up on the link: close it again. */
  | { kind: 'disconnect' };

export interface ReconnectTransition {
  state: ReconnectState;
  effects: ReconnectEffect[];
}

export const INITIAL_RECONNECT_STATE: ReconnectState = Object.freeze({ kind: 'idle', lastSampleUs: null });

/** Delay before attempt `attempt` (1-based), ms. */
export function reconnectDelayMs(attempt: number, schedule: ReconnectSchedule = DEFAULT_RECONNECT_SCHEDULE): number {
  checkSchedule(schedule);
  if (!Number.isInteger(attempt) || attempt < 1) throw new Error(`attempt must be an integer ≥ 1, got ${attempt}`);
  return Math.min(schedule.maxDelayMs, schedule.initialDelayMs * schedule.factor ** (attempt - 1));
}

/** The next state and what the caller must do, for one event. Pure. */
export function reconnectStep(
  state: ReconnectState,
  event: ReconnectEvent,
  schedule: ReconnectSchedule = DEFAULT_RECONNECT_SCHEDULE,
): ReconnectTransition {
  switch (event.type) {
    case 'samples':
      return onSamples(state, event.firstUs, event.lastUs);
    case 'disconnected':
      if (event.reason === 'user') {
        return { state: { kind: 'idle', lastSampleUs: state.lastSampleUs }, effects: state.kind === 'reconnecting' ? [{ kind: 'cancel-attempt' }] : [] };
      }
      if (state.kind === 'reconnecting' || state.kind === 'gave-up') return { state, effects: [] };
      // A drop right after resuming, before any new sample, keeps the gap open from the older sample.
      return attempt(1, state.kind === 'resumed' && state.gapFromUs !== null ? state.gapFromUs : state.lastSampleUs, state.lastSampleUs, schedule);
    case 'attempt-succeeded':
      if (state.kind !== 'reconnecting') return { state, effects: [{ kind: 'disconnect' }] };
      return { state: { kind: 'resumed', attempts: state.attempt, gapFromUs: state.gapFromUs, lastSampleUs: state.lastSampleUs }, effects: [] };
    case 'attempt-failed':
      if (state.kind !== 'reconnecting') return { state, effects: [] };
      if (state.attempt >= schedule.maxAttempts) {
        return { state: { kind: 'gave-up', attempts: state.attempt, gapFromUs: state.gapFromUs, lastSampleUs: state.lastSampleUs }, effects: [] };
      }
      return attempt(state.attempt + 1, state.gapFromUs, state.lastSampleUs, schedule);
    case 'retry':
      if (state.kind !== 'gave-up') throw new Error(`retry: only possible after giving up, the link is ${state.kind}`);
      return attempt(1, state.gapFromUs, state.lastSampleUs, schedule);
  }
}

/** The line the connection indicator shows, or null when there is nothing to say. */
export function describeReconnect(state: ReconnectState, schedule: ReconnectSchedule = DEFAULT_RECONNECT_SCHEDULE): string | null {
  switch (state.kind) {
    case 'reconnecting':
      return `Reconnecting… (attempt ${state.attempt} of ${schedule.maxAttempts})`;
    case 'gave-up':
      return 'Could not reconnect to the unit. Check that it is on and nearby, then tap Reconnect.';
    case 'resumed':
    case 'idle':
      return null;
  }
}

function attempt(n: number, gapFromUs: number | null, lastSampleUs: number | null, schedule: ReconnectSchedule): ReconnectTransition {
  const delayMs = reconnectDelayMs(n, schedule);
  return {
    state: { kind: 'reconnecting', attempt: n, nextDelayMs: delayMs, gapFromUs, lastSampleUs },
    effects: [{ kind: 'attempt-after', delayMs }],
  };
}

function onSamples(state: ReconnectState, firstUs: number, lastUs: number): ReconnectTransition {
  if (!Number.isFinite(firstUs) || !Number.isFinite(lastUs) || lastUs < firstUs) {
    throw new Error(`samples: expected finite firstUs ≤ lastUs, got ${firstUs} … ${lastUs}`);
  }
  if (state.kind === 'reconnecting' || state.kind === 'gave-up') {
    throw new Error(`samples arrived while the link is ${state.kind}: the transport reported a disconnection it did not have`);
  }
  if (state.kind === 'idle' || state.gapFromUs === null) {
    return { state: { ...state, lastSampleUs: lastUs }, effects: [] };
  }
  if (firstUs <= state.gapFromUs) {
    throw new Error(
      `first sample after reconnecting (${firstUs} µs) is not after the last one before the drop (${state.gapFromUs} µs): the unit's clock restarted and the transport must rebase times`,
    );
  }
  return {
    state: { kind: 'resumed', attempts: state.attempts, gapFromUs: null, lastSampleUs: lastUs },
    effects: [{ kind: 'mark-gap', fromUs: state.gapFromUs, toUs: firstUs }],
  };
}

function checkSchedule(s: ReconnectSchedule): void {
  const ok =
    s.initialDelayMs > 0 && s.factor >= 1 && s.maxDelayMs >= s.initialDelayMs && Number.isInteger(s.maxAttempts) && s.maxAttempts >= 1 && s.attemptTimeoutMs > 0;
  if (!ok) throw new Error(`invalid reconnect schedule ${JSON.stringify(s)}`);
}
