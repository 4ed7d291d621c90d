import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestLink } from '../compose/testing/testLink';
import { createSimulatedUnit } from '../device';
import { createManualScheduler, type ManualScheduler } from '../device/simulation/scheduler';
import { createFakeUnit, FAKE_DEVICE } from '../device/testing/fakeUnit';
import { createEngine, reprocess } from '../engine';

let t: ReturnType<typeof createTestLink>;
beforeEach(() => {
  t = createTestLink({ createEngine, reprocess });
});

/** Moves the scheduler in 25 ms steps, letting each step's promise callbacks run. */
async function advance(scheduler: ManualScheduler, ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 25) {
    scheduler.advance(25);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function demo() {
  const scheduler = createManualScheduler();
  t.drive({ after: scheduler.after });
  const unit = createSimulatedUnit({ seed: 3, scheduler, autoSet: false });
  return { scheduler, unit };
}

const attemptState = () => t.link.reconnector.value?.state.value;

afterEach(async () => {
  await t.link.disconnect();
  t.link.dispose();
});

describe('reconnecting after the unit dropped the link', () => {
  /** Two sets of four reps; with `dropMs`, the link drops between them for that long. */
  async function twoSets(dropMs: number | null) {
    const { scheduler, unit } = demo();
    await t.link.connect(unit);
    unit.startSet(4);
    await advance(scheduler, 16_000);
    const seen: string[] = [];
    if (dropMs !== null) {
      unit.simulateDrop(dropMs);
      seen.push(`${t.stores.connection.state.value.status} ${JSON.stringify(attemptState())}`);
      await advance(scheduler, 525);
      seen.push(`${t.stores.connection.state.value.status} ${JSON.stringify(attemptState())}`);
    }
    await advance(scheduler, 3_000);
    seen.push(t.stores.connection.state.value.status);
    unit.startSet(4);
    await advance(scheduler, 16_000);
    await t.link.disconnect();
    return { reps: t.session.reps.value, gaps: t.session.gaps(), raw: t.session.raw(), seen };
  }

  it('retries with backoff and carries the same session on: no rep lost or doubled', async () => {
    const steady = await twoSets(null);
    const dropped = await twoSets(1_200);
    expect(dropped.seen).toEqual([
      'reconnecting {"kind":"reconnecting","attempt":1,"nextDelayMs":500,"gapFromUs":' + dropped.gaps[0]!.fromUs + ',"lastSampleUs":' + dropped.gaps[0]!.fromUs + '}',
      // Attempt 1, 0.5 s after the drop, found the unit out of reach; attempt 2 waits 1 s.
      'reconnecting {"kind":"reconnecting","attempt":2,"nextDelayMs":1000,"gapFromUs":' + dropped.gaps[0]!.fromUs + ',"lastSampleUs":' + dropped.gaps[0]!.fromUs + '}',
      'connected',
    ]);
    expect(steady.reps).toHaveLength(8);
    expect(dropped.reps.map((r) => [r.index, r.count])).toEqual(steady.reps.map((r) => [r.index, r.count]));
    // After the gap the 5 ms resampling grid restarts at the first new sample, so a phase may
    // start or end one grid step (5 ms of a ~600 ms phase) earlier or later: within 2 %.
    dropped.reps.forEach((rep, i) => {
      expect(Math.abs(rep.concentric.velocity / steady.reps[i]!.concentric.velocity - 1)).toBeLessThan(0.02);
      expect(Math.abs(rep.eccentric.velocity / steady.reps[i]!.eccentric.velocity - 1)).toBeLessThan(0.02);
    });
    expect(dropped.reps.slice(0, 4)).toEqual(steady.reps.slice(0, 4));
    // The outage (1.5 s until attempt 2 reached the unit) is one gap; times never go back.
    expect(dropped.gaps).toHaveLength(1);
    expect(dropped.gaps[0]!.toUs - dropped.gaps[0]!.fromUs).toBeGreaterThan(1_450_000);
    const times = dropped.raw.timeUs;
    expect(times.every((v, i) => i === 0 || v > times[i - 1]!)).toBe(true);
    expect(t.stores.alerts.status.value?.message).toMatch(/^Reconnected: 1\.\d s without samples, marked as a gap$/);
  });

  it('gives up after twelve attempts, keeps the session open, and tries again on Reconnect', async () => {
    const { scheduler, unit } = demo();
    await t.link.connect(unit);
    await advance(scheduler, 1_000);
    unit.simulateDrop(200_000);
    await advance(scheduler, 86_000);
    expect(attemptState()).toMatchObject({ kind: 'gave-up', attempts: 12 });
    expect(t.stores.connection.state.value.status).toBe('reconnecting');
    expect(t.link.reconnector.value?.lastFailure.value).toBe('ErrorUseBluetoothApiReplineConnect: The demo unit is out of reach');
    t.link.reconnector.value!.retry();
    expect(attemptState()).toMatchObject({ kind: 'reconnecting', attempt: 1 });
  });

  it('stops the attempts and ends the session when the user disconnects while reconnecting', async () => {
    const { scheduler, unit } = demo();
    await t.link.connect(unit);
    await advance(scheduler, 1_000);
    const reconnect = vi.spyOn(unit, 'reconnect');
    unit.simulateDrop(5_000);
    await advance(scheduler, 600);
    await t.link.disconnect();
    await advance(scheduler, 20_000);
    expect(t.stores.connection.state.value.status).toBe('disconnected');
    expect(reconnect).toHaveBeenCalledTimes(1);
    expect(t.session.live.value).toBe(false);
  });

  it('writes the boost again after reconnecting, since the connect sequence sets it to 0', async () => {
    const calls: string[] = [];
    const unit = Object.assign(createFakeUnit(), {
      async reconnect() {
        calls.push('reconnect');
        return FAKE_DEVICE;
      },
    });
    const scheduler = createManualScheduler();
    t.drive({ after: scheduler.after });
    await t.link.connect(unit);
    await t.link.saveBoost(30);
    unit.dropConnection();
    await advance(scheduler, 500);
    expect(calls).toEqual(['reconnect']);
    expect(t.stores.connection.state.value.status).toBe('connected');
    expect(unit.calls.filter((c) => c.startsWith('setBoost'))).toEqual(['setBoost(30)', 'setBoost(30)']);
    expect(t.stores.connection.boostPercent.value).toBe(30);
  });

  it('ends the session on a drop when the unit cannot reconnect', async () => {
    const unit = createFakeUnit();
    await t.link.connect(unit);
    unit.dropConnection();
    expect(t.stores.connection.state.value.status).toBe('disconnected');
    expect(t.stores.alerts.errors.value.map((e) => e.message)).toEqual(['The unit disconnected. Your reps stay on screen; connect again to start a new set.']);
  });
});
