import { describe, expect, it, vi } from 'vitest';
import { countdown, resetWorkout } from './resetFlow';
import { createFakeUnit } from '../device/testing/fakeUnit';

describe('resetWorkout', () => {
  it('clears the set and stops there without Windup on Reset', async () => {
    const clearSet = vi.fn();
    const unit = createFakeUnit();
    await resetWorkout({ clearSet, unit, windupOnReset: false });
    expect(clearSet).toHaveBeenCalledOnce();
    expect(unit.calls).toEqual([]);
  });

  it('counts 3, 2, 1 a second apart and then winds the rope in', async () => {
    const unit = createFakeUnit();
    const seen: (number | null)[] = [];
    const wait = vi.fn(async (ms: number) => {
      seen.push(countdown.value);
      expect(ms).toBe(1000);
      expect(unit.calls).toEqual([]);
    });
    await resetWorkout({ clearSet: () => {}, unit, windupOnReset: true, wait });
    expect(seen).toEqual([3, 2, 1]);
    expect(countdown.value).toBeNull();
    expect(unit.calls).toEqual(['windup']);
  });

  it('skips the countdown when no unit is connected', async () => {
    const wait = vi.fn(async () => {});
    await resetWorkout({ clearSet: () => {}, unit: null, windupOnReset: true, wait });
    expect(wait).not.toHaveBeenCalled();
  });

  it('passes a failed windup on, with the countdown gone', async () => {
    const unit = createFakeUnit();
    unit.fail.set('windup', new Error('ErrorUseBluetoothApiReplineWindup: timeout'));
    await expect(resetWorkout({ clearSet: () => {}, unit, windupOnReset: true, wait: async () => {} })).rejects.toThrow(/Windup: timeout/);
    expect(countdown.value).toBeNull();
  });
});
