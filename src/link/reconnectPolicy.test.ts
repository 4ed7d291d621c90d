import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_RECONNECT_SCHEDULE,
  describeReconnect,
  INITIAL_RECONNECT_STATE,
  reconnectDelayMs,
  reconnectStep,
  type ReconnectEffect,
  type ReconnectEvent,
  type ReconnectState,
} from './reconnectPolicy';

/** Runs events from the initial state; returns the final state and every effect in order. */
function run(events: ReconnectEvent[], from: ReconnectState = INITIAL_RECONNECT_STATE) {
  let state = from;
  const effects: ReconnectEffect[] = [];
  for (const event of events) {
    const t = reconnectStep(state, event);
    state = t.state;
    effects.push(...t.effects);
  }
  return { state, effects };
}

const samples = (firstUs: number, lastUs: number): ReconnectEvent => ({ type: 'samples', firstUs, lastUs });
const deviceDrop: ReconnectEvent = { type: 'disconnected', reason: 'device' };
const userDrop: ReconnectEvent = { type: 'disconnected', reason: 'user' };
const failed: ReconnectEvent = { type: 'attempt-failed' };
const succeeded: ReconnectEvent = { type: 'attempt-succeeded' };

describe('reconnect backoff', () => {
  it.each([
    [1, 500],
    [2, 1_000],
    [3, 2_000],
    [4, 4_000],
    [5, 8_000],
    [6, 10_000],
    [12, 10_000],
  ])('waits before attempt %i for %i ms', (attempt, ms) => {
    expect(reconnectDelayMs(attempt)).toBe(ms);
  });

  it('spends 0.5 + 1 + 2 + 4 + 8 + 7 × 10 = 85.5 s over its twelve attempts', () => {
    let total = 0;
    for (let a = 1; a <= DEFAULT_RECONNECT_SCHEDULE.maxAttempts; a++) total += reconnectDelayMs(a);
    expect(total).toBe(85_500);
  });

  it('refuses attempt numbers below one and broken schedules', () => {
    expect(() => reconnectDelayMs(0)).toThrow('attempt must be an integer ≥ 1, got 0');
    expect(() => reconnectDelayMs(1, { ...DEFAULT_RECONNECT_SCHEDULE, initialDelayMs: -1 })).toThrow('invalid reconnect schedule');
  });
});

describe('reconnect state machine', () => {
  it('starts reconnecting after the device drops the link', () => {
    const { state, effects } = run([samples(0, 1_000), deviceDrop]);
    expect(state).toEqual({ kind: 'reconnecting', attempt: 1, nextDelayMs: 500, gapFromUs: 1_000, lastSampleUs: 1_000 });
    expect(effects).toEqual([{ kind: 'attempt-after', delayMs: 500 }]);
    expect(describeReconnect(state)).toBe('Reconnecting… (attempt 1 of 12)');
  });

  it('never reconnects after the user disconnects', () => {
    const { state, effects } = run([samples(0, 1_000), userDrop]);
    expect(state).toEqual({ kind: 'idle', lastSampleUs: 1_000 });
    expect(effects).toEqual([]);
  });

  it('cancels the pending attempt when the user disconnects while reconnecting', () => {
    const { state, effects } = run([samples(0, 1_000), deviceDrop, failed, userDrop]);
    expect(state.kind).toBe('idle');
    expect(effects.at(-1)).toEqual({ kind: 'cancel-attempt' });
  });

  it('closes a link that an attempt opened after the user had already disconnected', () => {
    const { state, effects } = run([samples(0, 1_000), deviceDrop, userDrop, succeeded]);
    expect(state.kind).toBe('idle');
    expect(effects.at(-1)).toEqual({ kind: 'disconnect' });
  });

  it('backs off attempt after attempt and gives up after the twelfth failure', () => {
    const { state, effects } = run([samples(0, 1_000), deviceDrop, ...Array<ReconnectEvent>(12).fill(failed)]);
    expect(effects.map((e) => (e.kind === 'attempt-after' ? e.delayMs : e.kind))).toEqual([500, 1_000, 2_000, 4_000, 8_000, ...Array(7).fill(10_000)]);
    expect(state).toEqual({ kind: 'gave-up', attempts: 12, gapFromUs: 1_000, lastSampleUs: 1_000 });
    expect(describeReconnect(state)).toBe('Could not reconnect to the unit. Check that it is on and nearby, then tap Reconnect.');
  });

  it('starts a fresh round of attempts when the user asks to retry after giving up', () => {
    const gaveUp = run([samples(0, 1_000), deviceDrop, ...Array<ReconnectEvent>(12).fill(failed)]).state;
    const { state, effects } = run([{ type: 'retry' }], gaveUp);
    expect(state).toMatchObject({ kind: 'reconnecting', attempt: 1, gapFromUs: 1_000 });
    expect(effects).toEqual([{ kind: 'attempt-after', delayMs: 500 }]);
  });

  it('refuses a retry while the link is fine', () => {
    expect(() => run([{ type: 'retry' }])).toThrow('retry: only possible after giving up, the link is idle');
  });

  it('marks the gap from the last sample before the drop to the first after it, once', () => {
    const { state, effects } = run([samples(0, 4_995_000), deviceDrop, failed, succeeded, samples(9_000_000, 9_045_000), samples(9_050_000, 9_095_000)]);
    expect(effects.filter((e) => e.kind === 'mark-gap')).toEqual([{ kind: 'mark-gap', fromUs: 4_995_000, toUs: 9_000_000 }]);
    expect(state).toEqual({ kind: 'resumed', attempts: 2, gapFromUs: null, lastSampleUs: 9_095_000 });
  });

  it('keeps the gap open from the older sample when the link drops again before new samples', () => {
    const { effects } = run([samples(0, 1_000), deviceDrop, succeeded, deviceDrop, succeeded, samples(5_000, 6_000)]);
    expect(effects.filter((e) => e.kind === 'mark-gap')).toEqual([{ kind: 'mark-gap', fromUs: 1_000, toUs: 5_000 }]);
  });

  it('marks no gap when the link drops before any sample arrived', () => {
    const { effects } = run([deviceDrop, succeeded, samples(5_000, 6_000)]);
    expect(effects.filter((e) => e.kind === 'mark-gap')).toEqual([]);
  });

  it('ignores a repeated drop notice while already reconnecting', () => {
    const once = run([samples(0, 1_000), deviceDrop]);
    expect(run([deviceDrop], once.state)).toEqual({ state: once.state, effects: [] });
  });

  it('refuses samples whose clock went back across the drop', () => {
    expect(() => run([samples(0, 1_000), deviceDrop, succeeded, samples(500, 900)])).toThrow(
      "first sample after reconnecting (500 µs) is not after the last one before the drop (1000 µs): the unit's clock restarted and the transport must rebase times",
    );
  });

  it('refuses samples while the link is down', () => {
    expect(() => run([samples(0, 1_000), deviceDrop, samples(2_000, 3_000)])).toThrow('samples arrived while the link is reconnecting');
  });

  it('keeps its invariants over any sequence of link events', () => {
    const symbol = fc.constantFrom('samples', 'device', 'user', 'failed', 'succeeded', 'retry');
    fc.assert(
      fc.property(fc.array(symbol, { maxLength: 80 }), (symbols) => {
        let state = INITIAL_RECONNECT_STATE;
        let clock = 0;
        const gaps: { fromUs: number; toUs: number }[] = [];
        for (const s of symbols) {
          let event: ReconnectEvent;
          if (s === 'samples') {
            if (state.kind === 'reconnecting' || state.kind === 'gave-up') continue;
            event = samples(clock + 5_000, clock + 50_000);
            clock += 50_000;
          } else if (s === 'retry') {
            if (state.kind !== 'gave-up') continue;
            event = { type: 'retry' };
          } else {
            event = { device: deviceDrop, user: userDrop, failed, succeeded }[s];
          }
          const t = reconnectStep(state, event);
          if (s === 'user') expect(t.state.kind).toBe('idle');
          if (t.state.kind === 'reconnecting') expect(t.state.attempt).toBeLessThanOrEqual(DEFAULT_RECONNECT_SCHEDULE.maxAttempts);
          for (const e of t.effects) if (e.kind === 'mark-gap') gaps.push(e);
          state = t.state;
        }
        // Gaps move forward in time and never overlap: no sample is counted twice or dropped.
        gaps.forEach((g, i) => {
          expect(g.toUs).toBeGreaterThan(g.fromUs);
          if (i > 0) expect(g.fromUs).toBeGreaterThanOrEqual(gaps[i - 1]!.toUs);
        });
      }),
    );
  });
});
