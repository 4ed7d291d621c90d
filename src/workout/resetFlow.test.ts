import { describe, expect, it, vi } from 'vitest';
import { createResetFlow } from './resetFlow';
import { createFakeUnit } from '../device/testing/fakeUnit';

describe('Reset', () => {
  it('clears the set and stops there without Windup on Reset', async () => {
    const clearSet = vi.fn();
    const unit = createFakeUnit();
    await createResetFlow().reset({ clearSet, unit, windupOnReset: false });
    expect(clearSet).toHaveBeenCalledOnce();
    expect(unit.calls).toEqual([]);
  });

  it('counts 3, 2, 1 a second apart and then winds the rope in', async () => {
    const unit = createFakeUnit();
    const seen: (number | null)[] = [];
    const wait = vi.fn(async (ms: number) => {
      seen.push(flow.countdown.value);
      expect(ms).toBe(1000);
      expect(unit.calls).toEqual([]);
    });
    const flow = createResetFlow(wait);
    await flow.reset({ clearSet: () => {}, unit, windupOnReset: true });
    expect(seen).toEqual([3, 2, 1]);
    expect(flow.countdown.value).toBeNull();
    expect(unit.calls).toEqual(['windup']);
  });

  it('refuses a second reset while the countdown runs', async () => {
    vi.useFakeTimers();
    try {
      const unit = createFakeUnit();
      const flow = createResetFlow();
      const first = flow.reset({ clearSet: () => {}, unit, windupOnReset: true });
      await expect(flow.reset({ clearSet: () => {}, unit, windupOnReset: false })).rejects.toThrow('A reset countdown is already running');
      await vi.advanceTimersByTimeAsync(3000);
      await first;
      expect(unit.calls).toEqual(['windup']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('skips the countdown when no unit is connected', async () => {
    const wait = vi.fn(async () => {});
    await createResetFlow(wait).reset({ clearSet: () => {}, unit: null, windupOnReset: true });
    expect(wait).not.toHaveBeenCalled();
  });

  it('passes a failed windup on, with the countdown gone', async () => {
    const unit = createFakeUnit();
    unit.fail.set('windup', new Error('ErrorUseBluetoothApiReplineWindup: timeout'));
    const flow = createResetFlow(async () => {});
    await expect(flow.reset({ clearSet: () => {}, unit, windupOnReset: true })).rejects.toThrow(/Windup: timeout/);
    expect(flow.countdown.value).toBeNull();
  });
});
