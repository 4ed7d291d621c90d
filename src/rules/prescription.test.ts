import { describe, expect, it } from 'vitest';
import type { ProfilePoint } from './inertiaProfile';
import { prescribe } from './prescription';

/**
 * A profile known on paper: v = 1.4 − 8·I exactly, and α = −10·(ln I − ln 0.2), so the maximum
 * flywheel load (α = 0) is 0.2 kg·m².
 */
const alpha = (i: number) => -10 * (Math.log(i) - Math.log(0.2));
const exact: ProfilePoint[] = [0.025, 0.05, 0.1].map((inertia) => ({ inertia, velocity: 1.4 - 8 * inertia, angularAcceleration: alpha(inertia) }));

describe('a prescription from a known profile', () => {
  it('puts strength at 45–70 % of 0.2 kg·m² = 0.09–0.14: plates nearest 0.115 are 0.1 + 0.0125 = 0.1125, moved at 1.4 − 8 × 0.1125 = 0.5 m/s', () => {
    const result = prescribe(exact, 'strength');
    if (!result.ok) throw new Error(result.reason);
    const p = result.prescription;
    expect(p.used.profile.maxLoad).toBeCloseTo(0.2, 10);
    expect(p.used.band[0]).toBeCloseTo(0.09, 10);
    expect(p.used.band[1]).toBeCloseTo(0.14, 10);
    expect(p.plates).toEqual([1, 0, 0, 1, 0]);
    expect(p.inertia).toBe(0.1125);
    expect(p.relativeLoad).toBeCloseTo(0.5625, 10);
    expect(p.expectedVelocity).toBeCloseTo(0.5, 10);
    // Three sets on a perfect line: no scatter, so the narrowest Zone, 0.45–0.55 m/s.
    expect(p.used.scatter).toBeCloseTo(0, 10);
    expect(p.halfWidth).toBe(0.05);
    expect(p.zone.band.targetValue).toBeCloseTo(0.55, 10);
    expect(p.zone.band).toMatchObject({ dropPercent: false, dropValue: 0.1 });
    expect(p.overload).toBeNull();
  });

  it('puts speed at 10–25 %: nearest 0.035 is 0.025 + 0.0125 = 0.0375, at 1.1 m/s', () => {
    const result = prescribe(exact, 'speed');
    if (!result.ok) throw new Error(result.reason);
    expect(result.prescription.plates).toEqual([0, 0, 1, 1, 0]);
    expect(result.prescription.expectedVelocity).toBeCloseTo(1.1, 10);
  });

  it('puts eccentric overload heaviest, 70–90 %: nearest 0.16 is 0.1625 (0.1 + 0.05 + 0.0125), and proposes eccentric peak power ≥ 1.1 × concentric', () => {
    const result = prescribe(exact, 'overload');
    if (!result.ok) throw new Error(result.reason);
    // 0.16 / 0.00625 = 25.6 smallest plates: 26 of them, 0.1625 = 0.1 + 0.05 + 0.0125.
    expect(result.prescription.plates).toEqual([1, 1, 0, 1, 0]);
    expect(result.prescription.overload).toEqual({ ratio: 'peakPowerRatio', min: 1.1 });
    expect(result.prescription.expectedVelocity).toBeCloseTo(1.4 - 8 * 0.1625, 10);
  });

  it('widens the Zone to the athlete’s own scatter: residuals ±0.02, ±0.06 about v = 1.45 − 8.8·I give √(0.008 / 2) = 0.0632 m/s', () => {
    const noisy: ProfilePoint[] = [[0.025, 1.25], [0.05, 0.95], [0.075, 0.85], [0.1, 0.55]].map(([inertia, velocity]) => ({ inertia: inertia!, velocity: velocity!, angularAcceleration: alpha(inertia!) }));
    const result = prescribe(noisy, 'power');
    if (!result.ok) throw new Error(result.reason);
    const p = result.prescription;
    expect(p.used.profile.velocity.slope).toBeCloseTo(-8.8, 10);
    expect(p.used.profile.velocity.intercept).toBeCloseTo(1.45, 10);
    expect(p.halfWidth).toBeCloseTo(Math.sqrt(0.004), 10);
    // Power: 25–45 % of 0.2 = 0.05–0.09, middle 0.07 → 11.2 smallest plates → 11 → 0.06875.
    expect(p.inertia).toBe(0.06875);
    expect(p.zone.band.targetValue).toBeCloseTo(1.45 - 8.8 * 0.06875 + Math.sqrt(0.004), 10);
    expect(p.zone.band.dropValue).toBeCloseTo(2 * Math.sqrt(0.004), 10);
  });

  it('says why when the profile cannot prescribe: too few sets, or a load the line expects no movement at', () => {
    const two = prescribe(exact.slice(0, 2), 'power');
    expect(two).toMatchObject({ ok: false });
    // A line that reaches 0 m/s at 0.0875 kg·m², below the overload band's 0.16.
    const steep = [0.025, 0.05, 0.075].map((inertia) => ({ inertia, velocity: 1.4 - 16 * inertia, angularAcceleration: alpha(inertia) }));
    const result = prescribe(steep, 'overload');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/expects no movement at 0.1625 kg·m²/);
  });
});
