import { describe, expect, it } from 'vitest';
import { checkRatioTarget, formatRatio, meetsRatio, ratioChange, ratioSummary, repRatio } from './overloadTarget';

const rep = (count: number, peakPowerRatio: number, meanPowerRatio = peakPowerRatio) => ({ count, peakPowerRatio, meanPowerRatio });
const target = { ratio: 'peakPowerRatio' as const, min: 1.1 };

describe('a target on the eccentric/concentric ratio', () => {
  it('is met by a counted rep whose eccentric peak power is at least 1.1 × the concentric', () => {
    expect(meetsRatio(rep(1, 1.1), target)).toBe(true);
    expect(meetsRatio(rep(1, 1.25), target)).toBe(true);
    expect(meetsRatio(rep(1, 1.09), target)).toBe(false);
  });

  it('judges the ratio it names: mean power 0.95 misses 1.1 whatever the peak', () => {
    expect(meetsRatio(rep(2, 1.3, 0.95), { ratio: 'meanPowerRatio', min: 1.1 })).toBe(false);
  });

  it('never judges a warmup rep, nor a rep without concentric power (the engine’s 0)', () => {
    expect(meetsRatio(rep(0, 1.5), target)).toBeNull();
    expect(meetsRatio(rep(3, 0), target)).toBeNull();
    expect(repRatio(rep(3, 0), 'peakPowerRatio')).toBeNull();
  });

  it('sums a set up: 3 of the 4 judged reps met 1.1, mean (1.2 + 1.1 + 1.0 + 1.3) / 4 = 1.15', () => {
    const set = [rep(0, 1.4), rep(1, 1.2), rep(2, 1.1), rep(3, 1.0), rep(4, 0), rep(5, 1.3)];
    const s = ratioSummary(set, target);
    expect([s.judged, s.met]).toEqual([4, 3]);
    expect(s.mean).toBeCloseTo(1.15, 12);
    expect(ratioSummary([rep(0, 1.2)], target)).toEqual({ judged: 0, met: 0, mean: null });
  });

  it('shows the percent change from the target (1.21 is 10 % above 1.1) and the ratio as 1.21×', () => {
    expect(ratioChange(1.21, target)).toBeCloseTo(10, 10);
    expect(formatRatio(1.2149)).toBe('1.21×');
  });

  it('refuses an unknown ratio and a least value that is not a number from 0 to 10', () => {
    expect(() => checkRatioTarget({ ratio: 'work' as never, min: 1 })).toThrow(/ratio must be one of/);
    expect(() => checkRatioTarget({ ratio: 'peakPowerRatio', min: -1 })).toThrow(/least ratio/);
    expect(() => repRatio({ peakPowerRatio: Number.NaN, meanPowerRatio: 1 }, 'peakPowerRatio')).toThrow(/finite/);
  });
});
