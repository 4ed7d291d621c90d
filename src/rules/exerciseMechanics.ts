/**
 * The engine's settings for one athlete doing one exercise. The engine does not change for
 * exercises: it computes, from its `mass` m and `radius` r (engine-rs/src/derive.rs,
 * docs/behaviour.md §9),
 *
 *     v = ω·r,   a = α·2r,   F = τ/r = I·α/r,   linearForce = m·a_body,
 *     netForce = m·(a_body + g) + |F|,   P = τ·ω,
 *
 * so an exercise is expressed through those two settings:
 *
 * 1. Mass share s (rules/exercises.ts): the body mass that moves with the rope is M·s, so
 *    m = M·s. A row (s = 0) gets linearForce 0 and netForce |F|, the rope's tension alone; a
 *    squat (s = 0.878) carries 0.878·M·(a_body + g) on top of it.
 *
 * 2. A moving pulley: the rope runs from the shaft down round a pulley on the athlete and back
 *    up to a fixed anchor. When the rope pays out a length x, both strands lengthen by x/2, so
 *    the body moves x/2: its velocity and acceleration are half the rope's. The pulley is held
 *    by both strands, each at the rope's tension T = τ/r, so the body takes 2T. With r′ = r/2:
 *
 *        ω·r′ = ω·r/2                       the body's velocity (half the rope's ω·r);
 *        α·2r′ = (α·2r)/2                   half the rope's acceleration in the engine's
 *                                            §9 convention (its factor 2 kept, as without a pulley);
 *        τ/r′ = 2·τ/r = 2T                  the force the rope puts on the body;
 *        m·(a_body + g) + |2T|              the ground reaction, with the body's own a_body;
 *        τ·ω                                unchanged: an ideal pulley passes power through
 *                                            (2T·v_rope/2 = T·v_rope), and τ, ω do not involve r.
 *
 *    Every quantity is the engine's own formula on a rope wound on half the radius, so a moving
 *    pulley is r′ = r/2, exactly (the test runs the engine both ways). Chronojump's inertial
 *    moving-pulley configurations do the same: body travel × gearedDown (½) and disc force
 *    ÷ gearedDown (encoder/util.R, `getDynamicsInertial`).
 *
 * 3. A radius of the exercise's own replaces the unit's before the pulley halves it.
 *
 * The angle, the rep detection and the inertia do not depend on m or r, so the same samples
 * give the same reps whatever the exercise; only the figures above scale.
 */
import type { EngineSettings } from '../engine/types';
import type { Exercise } from './exercises';

/** The radius the engine computes with, m: the exercise's or the unit's, halved by a moving pulley. */
export function effectiveRadius(unitRadius: number, exercise: Pick<Exercise, 'radius' | 'movingPulley'>): number {
  const radius = exercise.radius ?? unitRadius;
  return exercise.movingPulley ? radius / 2 : radius;
}

/** The mass the engine computes with, kg: the body mass times the exercise's share. */
export function effectiveMass(bodyMass: number, exercise: Pick<Exercise, 'massShare'>): number {
  if (!(bodyMass >= 0) || !Number.isFinite(bodyMass)) throw new Error(`body mass must be a number ≥ 0 kg, got ${bodyMass}`);
  return bodyMass * exercise.massShare;
}

/**
 * `unit` (the unit's radius, rate, flags, warmup and the plates' inertia) made into the settings
 * of `exercise` done by an athlete of `bodyMass` kg.
 */
export function engineSettingsFor(unit: EngineSettings, bodyMass: number, exercise: Pick<Exercise, 'massShare' | 'radius' | 'movingPulley'>): EngineSettings {
  return { ...unit, mass: effectiveMass(bodyMass, exercise), radius: effectiveRadius(unit.radius, exercise) };
}
