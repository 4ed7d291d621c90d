/**
 * Carries out the reconnect policy (`reconnectPolicy.ts`) for one connected unit: its
 * timers, one `unit.reconnect()` per attempt raced against the attempt time limit, and the state
 * the screen shows ("Reconnecting… (attempt 2 of 12)", then a Reconnect button).
 *
 * Decisions where the policy leaves the caller free:
 * - An attempt that outlives its time limit counts as failed, but its link may still come up
 *   later; that late success is reported too (the policy then resumes, or closes the link if the
 *   user gave up meanwhile). A second success for a link already resumed is ignored: transports
 *   share one connect between overlapping attempts, so both attempts see the same link.
 * - Samples are only fed to the policy outside 'reconnecting' and 'gave-up': notifications start
 *   inside the connect sequence, a moment before `reconnect()` resolves. The journal's gap does
 *   not depend on this (the live session's timeline marks it from the samples themselves); the
 *   policy's gap is what the user is told.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import type { ConnectedUnit, DisconnectReason, Unit } from '../device/unit';
import {
  DEFAULT_RECONNECT_SCHEDULE,
  describeReconnect,
  INITIAL_RECONNECT_STATE,
  reconnectStep,
  type ReconnectEffect,
  type ReconnectEvent,
  type ReconnectSchedule,
  type ReconnectState,
} from './reconnectPolicy';
import { messageOf } from '../shared/messageOf';

export type ReconnectableUnit = Unit & { reconnect(): Promise<ConnectedUnit> };

export interface ReconnectorDeps {
  unit: ReconnectableUnit;
  /** The link is back: the session carries on. */
  onReconnected(device: ConnectedUnit): void;
  /** No samples between these device times (what the user is told). */
  onGap(fromUs: number, toUs: number): void;
  onError(message: string): void;
  schedule?: ReconnectSchedule;
  /** Runs `fn` once after `ms`; returns the cancel function. */
  after?: (ms: number, fn: () => void) => () => void;
}

export interface Reconnector {
  readonly state: ReadonlySignal<ReconnectState>;
  readonly schedule: ReconnectSchedule;
  /** The line the screen shows ("Reconnecting… (attempt 2 of 12)"), or null. */
  readonly line: ReadonlySignal<string | null>;
  /** Why the last attempt failed, for the screen (null when none failed). */
  readonly lastFailure: ReadonlySignal<string | null>;
  disconnected(reason: DisconnectReason): void;
  samples(firstUs: number, lastUs: number): void;
  /** The user asks for a new round of attempts after they gave up. */
  retry(): void;
  /** Stops every timer; later outcomes are ignored. */
  dispose(): void;
}

const realAfter = (ms: number, fn: () => void): (() => void) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

export function createReconnector(deps: ReconnectorDeps): Reconnector {
  const schedule = deps.schedule ?? DEFAULT_RECONNECT_SCHEDULE;
  const after = deps.after ?? realAfter;
  const state = signal<ReconnectState>(INITIAL_RECONNECT_STATE);
  const lastFailure = signal<string | null>(null);
  let cancelTimer: (() => void) | null = null;
  /** The attempt whose outcome is still awaited; its outcome is reported once. */
  let current: { settled: boolean; cancelLimit: () => void } | null = null;
  let disposed = false;

  function dispatch(event: ReconnectEvent): void {
    if (disposed) return;
    let effects: ReconnectEffect[];
    try {
      const transition = reconnectStep(state.peek(), event, schedule);
      state.value = transition.state;
      effects = transition.effects;
    } catch (error) {
      deps.onError(`Reconnecting: ${messageOf(error)}`);
      return;
    }
    for (const effect of effects) run(effect);
  }

  function run(effect: ReconnectEffect): void {
    switch (effect.kind) {
      case 'attempt-after':
        cancelTimer?.();
        cancelTimer = after(effect.delayMs, tryOnce);
        return;
      case 'cancel-attempt':
        cancelTimer?.();
        cancelTimer = null;
        if (current) settle(current);
        return;
      case 'mark-gap':
        deps.onGap(effect.fromUs, effect.toUs);
        return;
      case 'disconnect':
        deps.unit.disconnect().catch((error: unknown) => deps.onError(`Closing the link again failed: ${messageOf(error)}`));
        return;
    }
  }

  function settle(attempt: NonNullable<typeof current>): void {
    attempt.settled = true;
    attempt.cancelLimit();
    if (current === attempt) current = null;
  }

  function tryOnce(): void {
    cancelTimer = null;
    const attempt = { settled: false, cancelLimit: () => {} };
    current = attempt;
    attempt.cancelLimit = after(schedule.attemptTimeoutMs, () => {
      if (attempt.settled) return;
      settle(attempt);
      lastFailure.value = `no answer within ${schedule.attemptTimeoutMs / 1000} s`;
      dispatch({ type: 'attempt-failed' });
    });
    deps.unit.reconnect().then(
      (device) => {
        if (disposed) return;
        if (!attempt.settled) settle(attempt);
        if (state.peek().kind === 'resumed') return;
        cancelTimer?.();
        cancelTimer = null;
        lastFailure.value = null;
        const before = state.peek().kind;
        dispatch({ type: 'attempt-succeeded' });
        if (before === 'reconnecting') deps.onReconnected(device);
      },
      (error: unknown) => {
        if (attempt.settled || disposed) return;
        settle(attempt);
        lastFailure.value = messageOf(error);
        dispatch({ type: 'attempt-failed' });
      },
    );
  }

  return {
    state,
    schedule,
    line: computed(() => describeReconnect(state.value, schedule)),
    lastFailure,
    disconnected: (reason) => dispatch({ type: 'disconnected', reason }),
    samples(firstUs, lastUs) {
      const kind = state.peek().kind;
      if (kind !== 'reconnecting' && kind !== 'gave-up') dispatch({ type: 'samples', firstUs, lastUs });
    },
    retry: () => dispatch({ type: 'retry' }),
    dispose() {
      cancelTimer?.();
      cancelTimer = null;
      if (current) settle(current);
      disposed = true;
    },
  };
}
