/**
 * An exercise changes only the engine's mass and radius (rules/exerciseMechanics.ts). Here the
 * engine runs on flywheel sessions whose figures are known on paper (flywheelTruth.ts: the rope's
 * truth, sampled with noise, encoder ticks and timing jitter), and its figures are held to the
 * body's physics, worked out by hand from the rope's:
 * - a share s of body mass M moving with the rope: linearForce = M·s·a_body and
 *   netForce = M·s·(a_body + g) + |F|, every other figure as without it;
 * - a moving pulley: the body moves half the rope's travel (velocity, acceleration, peak velocity
 *   halved), the rope's tension acts on it twice (force doubled), the power is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { reprocess, type PhaseSummary } from '../../src/engine';
import { DEFAULT_ENGINE_SETTINGS } from '../../src/engine/settings';
import { engineSettingsFor } from '../../src/rules/exerciseMechanics';
import { BUILT_IN_EXERCISES, createExercise, type Exercise } from '../../src/rules/exercises';
import { HEAVY_SLOW, LIGHT_FAST, truthSession, type SensorSpec } from './flywheelTruth';

const G = 9.81;
const BODY_KG = 80;
const SENSORS: [string, SensorSpec][] = [
  ['a clean sensor at 200 Hz', { rawHz: 200, noiseDeg: 0, tickDeg: 0, jitterMs: 0 }],
  ['noise, 1.8° ticks and ±1.5 ms jitter at 100 Hz', { rawHz: 100, noiseDeg: 0.6, tickDeg: 1.8, jitterMs: 1.5 }],
  ['noise, 1.8° ticks and ±1.5 ms jitter at 500 Hz', { rawHz: 500, noiseDeg: 0.6, tickDeg: 1.8, jitterMs: 1.5 }],
];
const squat = BUILT_IN_EXERCISES.find((e) => e.id === 'builtin:squat')!;
const beltSquat = createExercise({ name: 'Belt squat', massShare: 0.878, radius: null, movingPulley: true }, { id: 'belt', now: 0 });

/** The body's figures of a phase whose rope truth is `rope` (the truth's own mass taken out). */
function bodyTruth(rope: PhaseSummary, exercise: Exercise): Partial<PhaseSummary> {
  const k = exercise.movingPulley ? 2 : 1;
  const mass = BODY_KG * exercise.massShare;
  const acceleration = rope.acceleration / k;
  const force = rope.force * k;
  return { velocity: rope.velocity / k, acceleration, force, linearForce: mass * acceleration, netForce: mass * (acceleration + G) + force, power: rope.power, peakVelocity: rope.peakVelocity / k, torque: rope.torque };
}

describe.each([HEAVY_SLOW, LIGHT_FAST])('$name', (set) => {
  describe.each([['a squat (share 0.878, the unit rope)', squat], ['a belt squat (share 0.878, a moving pulley)', beltSquat]] as const)('done as %s', (_, exercise) => {
    it.each(SENSORS)('on %s, every figure is the body’s physics (median within 5 %, worst rep 12 %)', (_, sensor) => {
      const worst: string[] = [];
      for (const seed of [1, 2, 3]) {
        const session = truthSession(set, sensor, seed);
        const unit = { ...DEFAULT_ENGINE_SETTINGS, ...session.settings };
        const out = reprocess(session.batch, engineSettingsFor(unit, BODY_KG, exercise));
        expect(out.reps).toHaveLength(session.reps.length);
        for (const phase of ['concentric', 'eccentric'] as const) {
          const expected = session.reps.map((rep) => bodyTruth(rep[phase], exercise));
          for (const figure of Object.keys(expected[0]!) as (keyof PhaseSummary)[]) {
            const errors = out.reps.map((rep, k) => Math.abs(rep[phase][figure] / expected[k]![figure]! - 1)).sort((a, b) => a - b);
            const median = errors[Math.floor(errors.length / 2)]!;
            const max = errors.at(-1)!;
            if (median > 0.05 || max > 0.12) worst.push(`seed ${seed} ${phase} ${figure}: median ${(100 * median).toFixed(1)} %, worst ${(100 * max).toFixed(1)} %`);
          }
        }
      }
      expect(worst).toEqual([]);
    });
  });
});

describe('a moving pulley is the same rope on half the radius', () => {
  it('gives exactly half the velocity, twice the force and the same power and reps as the unit’s rope', () => {
    const session = truthSession(HEAVY_SLOW, SENSORS[1]![1], 4);
    const unit = { ...DEFAULT_ENGINE_SETTINGS, ...session.settings };
    const plain = reprocess(session.batch, engineSettingsFor(unit, BODY_KG, { massShare: 0, radius: null, movingPulley: false }));
    const pulley = reprocess(session.batch, engineSettingsFor(unit, BODY_KG, { massShare: 0, radius: null, movingPulley: true }));
    expect(pulley.reps.map((r) => [r.startUs, r.turn, r.endUs])).toEqual(plain.reps.map((r) => [r.startUs, r.turn, r.endUs]));
    pulley.reps.forEach((rep, k) => {
      const before = plain.reps[k]!.concentric;
      expect(rep.concentric.velocity / before.velocity).toBeCloseTo(0.5, 12);
      expect(rep.concentric.force / before.force).toBeCloseTo(2, 12);
      expect(rep.concentric.netForce / before.netForce).toBeCloseTo(2, 12);
      expect(rep.concentric.power / before.power).toBeCloseTo(1, 12);
    });
  });
});
