/**
 * The flywheel physics against hand calculation: rope length = angle (rad) × r, so 0.6 m of rope
 * on the 0.014 m shaft is 0.6 / 0.014 = 42.86 rad = 2455.6°; a 200 Hz sensor takes 5000 µs per
 * sample; mean rope speed is travel over time.
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_DEFAULTS } from '../../engine/ranges';
import { synthesizeSet } from './physics';

/** Rope out, m, at `angleDeg` on the default shaft (the engine's default radius, 0.014 m). */
const ropeM = (angleDeg: number) => (Math.abs(angleDeg) * Math.PI * ENGINE_DEFAULTS.radius) / 180;

/** Index of the sample nearest in time to `us`. */
function at(timeUs: number[], us: number): number {
  let best = 0;
  for (let i = 0; i < timeUs.length; i++) if (Math.abs(timeUs[i]! - us) < Math.abs(timeUs[best]! - us)) best = i;
  return best;
}

describe('a synthesized set', () => {
  it('replays sample for sample from its seed, and differs for another seed', () => {
    const a = synthesizeSet({ reps: 3, seed: 42 });
    expect(synthesizeSet({ reps: 3, seed: 42 })).toEqual(a);
    expect(synthesizeSet({ reps: 3, seed: 43 }).angleDeg).not.toEqual(a.angleDeg);
  });

  it('samples at 200 Hz with jitter: whole, strictly increasing µs about 5000 apart', () => {
    const { timeUs } = synthesizeSet({ reps: 4, seed: 1 });
    const steps = timeUs.slice(1).map((t, i) => t - timeUs[i]!);
    expect(timeUs.every(Number.isInteger)).toBe(true);
    expect(Math.min(...steps)).toBeGreaterThanOrEqual(3000);
    expect(Math.max(...steps)).toBeLessThanOrEqual(7000);
    expect(new Set(steps).size).toBeGreaterThan(10);
    const mean = (timeUs.at(-1)! - timeUs[0]!) / steps.length;
    expect(mean).toBeGreaterThan(4950);
    expect(mean).toBeLessThan(5050);
  });

  it('starts at startTimeUs and honours the requested rate', () => {
    const { timeUs } = synthesizeSet({ reps: 1, seed: 1, startTimeUs: 1_000_000, hz: 100, jitterUs: 0 });
    expect(timeUs.slice(0, 3)).toEqual([1_000_000, 1_010_000, 1_020_000]);
  });

  it('performs exactly the requested reps, each pull 0.4–0.8 m of rope, 1–3.5 s long', () => {
    const set = synthesizeSet({ reps: 6, seed: 2, inertia: 0.05 });
    expect(set.reps.length).toBe(6);
    for (const rep of set.reps) {
      expect(rep.concentricTravelM).toBeGreaterThan(0.4);
      expect(rep.concentricTravelM).toBeLessThan(0.8);
      expect((rep.endUs - rep.startUs) / 1e6).toBeGreaterThan(1);
      expect((rep.endUs - rep.startUs) / 1e6).toBeLessThan(3.5);
      expect(rep.startUs).toBeLessThan(rep.turnUs);
      expect(rep.turnUs).toBeLessThan(rep.endUs);
    }
  });

  it('winds as much rope in at the start of a pull as the pull then travels (angle × r)', () => {
    const set = synthesizeSet({ reps: 4, seed: 3, noiseDeg: 0 });
    for (const rep of set.reps) {
      expect(ropeM(set.angleDeg[at(set.timeUs, rep.startUs)]!)).toBeCloseTo(rep.concentricTravelM, 2);
    }
  });

  it('passes angle 0 (rope straight out) at each turning point and turns the disc the other way each rep', () => {
    const set = synthesizeSet({ reps: 4, seed: 4, noiseDeg: 0, jitterUs: 0 });
    // Within one 5 ms sample of the turn, the rope moves at most v·0.005 s ≈ 1 cm, i.e. < 45°.
    for (const rep of set.reps) expect(Math.abs(set.angleDeg[at(set.timeUs, rep.turnUs)]!)).toBeLessThan(45);
    const startSigns = set.reps.map((r) => Math.sign(set.angleDeg[at(set.timeUs, r.startUs)]!));
    expect(startSigns).toEqual([1, -1, 1, -1]);
  });

  it('moves the rope at realistic speeds: mean concentric 0.6–1.5 m/s at 0.0125–0.05 kg·m²', () => {
    for (const inertia of [0.0125, 0.025, 0.05]) {
      for (const rep of synthesizeSet({ reps: 5, seed: 5, inertia }).reps) {
        expect(rep.concentricMeanVelocity).toBeGreaterThan(0.55);
        expect(rep.concentricMeanVelocity).toBeLessThan(1.5);
      }
    }
  });

  it('agrees with its own samples: rope travel over phase time is the mean speed it reports', () => {
    const set = synthesizeSet({ reps: 3, seed: 6, noiseDeg: 0 });
    for (const rep of set.reps) {
      const i0 = at(set.timeUs, rep.startUs);
      const i1 = at(set.timeUs, rep.turnUs);
      const measured = ropeM(set.angleDeg[i0]! - set.angleDeg[i1]!) / ((set.timeUs[i1]! - set.timeUs[i0]!) / 1e6);
      expect(measured / rep.concentricMeanVelocity).toBeCloseTo(1, 1);
    }
  });

  it('is slower on a heavier flywheel (same athlete, same seed)', () => {
    const light = synthesizeSet({ reps: 3, seed: 7, inertia: 0.025 }).reps;
    const heavy = synthesizeSet({ reps: 3, seed: 7, inertia: 0.1 }).reps;
    heavy.forEach((rep, i) => expect(rep.concentricMeanVelocity).toBeLessThan(light[i]!.concentricMeanVelocity));
  });

  it('uses the demo inertia when the workout inertia is 0, so the demo still moves', () => {
    expect(synthesizeSet({ reps: 1, seed: 8, inertia: 0 })).toEqual(synthesizeSet({ reps: 1, seed: 8, inertia: 0.025 }));
  });

  it('makes the eccentric faster with boost: the motor adds energy the athlete must brake', () => {
    const plain = synthesizeSet({ reps: 3, seed: 9, boost: 0 }).reps;
    const boosted = synthesizeSet({ reps: 3, seed: 9, boost: 60 }).reps;
    boosted.forEach((rep, i) => {
      expect(rep.concentricMeanVelocity).toBeCloseTo(plain[i]!.concentricMeanVelocity, 2);
      expect(rep.eccentricMeanVelocity).toBeGreaterThan(plain[i]!.eccentricMeanVelocity * 1.03);
      expect(rep.eccentricPeakVelocity).toBeGreaterThan(plain[i]!.eccentricPeakVelocity);
    });
  });

  it('tires the athlete: after the build-up rep, each pull is slower than the one before', () => {
    const v = synthesizeSet({ reps: 8, seed: 10, inertia: 0.05 }).reps.map((r) => r.concentricMeanVelocity);
    expect(v[0]!).toBeLessThan(v[1]!);
    expect(v[7]!).toBeLessThan(0.92 * v[1]!);
  });

  it('winds the rope in first when the set starts with the rope out', () => {
    const set = synthesizeSet({ reps: 2, seed: 11, startAngleDeg: 0 });
    const first = at(set.timeUs, set.reps[0]!.startUs);
    expect(Math.abs(set.angleDeg[0]!)).toBeLessThan(1);
    expect(ropeM(set.angleDeg[first]!)).toBeGreaterThan(0.5);
    expect(set.reps.length).toBe(2);
  });

  it('continues from where the last set left the rope', () => {
    const first = synthesizeSet({ reps: 3, seed: 12 });
    const second = synthesizeSet({ reps: 2, seed: 13, startAngleDeg: first.endAngleDeg });
    expect(second.angleDeg[0]).toBeCloseTo(first.endAngleDeg, 0);
    expect(Math.sign(second.angleDeg[at(second.timeUs, second.reps[0]!.startUs)]!)).toBe(Math.sign(first.endAngleDeg));
  });

  it.each([
    [{ reps: 0, seed: 1 }, /whole number of reps ≥ 1/],
    [{ reps: 2.5, seed: 1 }, /whole number of reps ≥ 1/],
    [{ reps: 1, seed: NaN }, /finite number/],
    [{ reps: 1, seed: 1, inertia: -0.1 }, /Inertia must be in \[0, 2\]/],
    [{ reps: 1, seed: 1, boost: 120 }, /Boost must be in \[0, 100\]/],
    [{ reps: 1, seed: 1, startTimeUs: 0.5 }, /whole µs/],
    [{ reps: 1, seed: 1, hz: 0 }, /Sensor rate/],
    [{ reps: 1, seed: 1, startAngleDeg: Infinity }, /startAngleDeg must be finite/],
  ])('refuses %j', (options, message) => {
    expect(() => synthesizeSet(options)).toThrow(message);
  });
});
