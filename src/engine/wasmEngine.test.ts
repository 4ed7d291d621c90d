import { describe, expect, it } from 'vitest';
import { createEngine, reprocess } from './wasmEngine';

/**
 * One rep on the default 14 mm shaft with a 0.05 kg·m² flywheel, sampled at 1 kHz: 0.5 s still
 * with the rope wound 900°, pulled out through 0° in 2 s and wound 900° the other way in 2 s
 * (θ = 900°·cos(π/2·u), u = (t − 0.5 s) / 2 s from 0 to 2), then 0.5 s still.
 */
function oneRep(): { timeUs: Float64Array; angleDeg: Float64Array } {
  const n = 5000;
  const timeUs = new Float64Array(n);
  const angleDeg = new Float64Array(n);
  for (let ms = 0; ms < n; ms++) {
    const u = Math.min(2, Math.max(0, (ms / 1000 - 0.5) / 2));
    timeUs[ms] = ms * 1000;
    angleDeg[ms] = 900 * Math.cos((Math.PI / 2) * u);
  }
  return { timeUs, angleDeg };
}

const RADIUS = 0.014;
const INERTIA = 0.05;
const THETA = (900 * Math.PI) / 180;
/** Peak ω: 900° · π/2 / 2 s, rad/s. */
const OMEGA_MAX = (THETA * Math.PI) / 4;
/** Each phase's change of kinetic energy, ½·I·ω², J. */
const KE = 0.5 * INERTIA * OMEGA_MAX ** 2;

const near = (actual: number, expected: number, relative = 0.03) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(relative * Math.abs(expected));

describe('the wasm facade', () => {
  it("reads each number the engine writes under its own name, as physics gives it (header, rep, phases, turn)", () => {
    const { reps, turns, skipped, pointCount, problems } = reprocess(oneRep(), { inertia: INERTIA });
    expect([skipped, pointCount, problems]).toEqual([0, 1000, { rejected: 0, unwrapped: 0, saturated: 0, saturationDeg: 0, refused: 0, gaps: 0 }]);
    expect(reps).toHaveLength(1);
    const rep = reps[0]!;
    expect([rep.index, rep.count]).toEqual([0, 0]); // the warmup rep
    // Rope fully out at 2.5 s: grid point 500 at 200 Hz, and 1.5 steps of the smoothing buffer.
    expect(Math.abs(rep.turn - 501.5)).toBeLessThanOrEqual(1);
    expect(rep.start).toBeLessThan(rep.turn);
    expect(rep.end).toBeGreaterThan(rep.turn);
    expect(Math.abs(rep.startUs - 0.5e6)).toBeLessThanOrEqual(20_000);
    expect(Math.abs(rep.endUs - 4.5e6)).toBeLessThanOrEqual(20_000);
    for (const phase of [rep.concentric, rep.eccentric]) {
      near(phase.duration, 2);
      near(phase.velocity, (RADIUS * THETA) / 2); // r·Δθ / T
      near(phase.peakVelocity, RADIUS * OMEGA_MAX);
      near(phase.work, KE, 0.05);
      near(phase.power, KE / 2, 0.05); // ΔKE / T
      near(phase.acceleration, (2 * RADIUS * OMEGA_MAX) / 2); // 2r·Δω / T
      near(phase.torque, (INERTIA * OMEGA_MAX) / 2); // I·Δω / T
      near(phase.force, (INERTIA * OMEGA_MAX) / 2 / RADIUS); // τ / r
    }
    near(rep.meanPowerRatio, 1, 0.05);
    expect(turns).toHaveLength(1);
    expect({ ...turns[0]!, concentric: { ...turns[0]!.concentric, peakPower: 0 } }).toEqual({
      index: rep.index,
      count: rep.count,
      start: rep.start,
      turn: rep.turn,
      startUs: rep.startUs,
      concentric: { ...rep.concentric, peakPower: 0 },
    });
  });

  it('reads a live push that closes nothing as an update with no reps or turns', () => {
    const engine = createEngine({ inertia: INERTIA });
    const { timeUs, angleDeg } = oneRep();
    const update = engine.push({ timeUs: timeUs.subarray(0, 400), angleDeg: angleDeg.subarray(0, 400) });
    engine.dispose();
    expect(update.reps).toEqual([]);
    expect(update.turns).toEqual([]);
    expect(update.skipped).toBe(0);
    expect(update.pointCount).toBeGreaterThan(0);
  });
});
