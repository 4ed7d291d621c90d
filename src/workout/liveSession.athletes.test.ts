/**
 * Who trains what, through the live session and the real engine: each set's reps are computed
 * with the mass and radius of the athlete doing its exercise (rules/exerciseMechanics.ts), so an
 * 80 kg athlete's squats carry 80 × 0.878 = 70.24 kg in their net force and their rows none, and
 * a moving pulley halves the body's velocity and doubles the rope's force on it. The figures are
 * held to the engine's formulas applied by hand to each rep's own means.
 */
import { signal } from '@preact/signals-react';
import { describe, expect, it } from 'vitest';
import { createFakeUnit } from '../device/testing/fakeUnit';
import { synthesizeSet } from '../device/simulation/physics';
import { createEngine, reprocess } from '../engine';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import type { EngineSettings, Rep, SampleBatch } from '../engine/types';
import { engineSettingsFor } from '../rules/exerciseMechanics';
import { BUILT_IN_EXERCISES, createExercise, type Exercise } from '../rules/exercises';
import { splitSets } from '../rules/setSplit';
import { createLiveSession, type Who } from './liveSession';

const G = 9.81;
const BODY_KG = 80;
const INERTIA = 0.05;
const unitSettings: EngineSettings = { ...DEFAULT_ENGINE_SETTINGS, inertia: INERTIA };
const squat = BUILT_IN_EXERCISES.find((e) => e.id === 'builtin:squat')!;
const row = BUILT_IN_EXERCISES.find((e) => e.id === 'builtin:bent-over-row')!;
const beltSquat = createExercise({ name: 'Belt squat', massShare: 0.878, radius: null, movingPulley: true }, { id: 'belt', now: 0 });

function whoFor(exercise: Exercise): Who {
  const { mass, radius } = engineSettingsFor(unitSettings, BODY_KG, exercise);
  return { athleteId: 'ana', exerciseId: exercise.id, mass, radius, warmup: 1 };
}

/** Three sets of five reps, 6 s apart (shorter than the set rest: only the exercise changes split them). */
function threeSets(): SampleBatch[] {
  const sets: SampleBatch[] = [];
  let after: { startTimeUs?: number; startAngleDeg?: number } = {};
  for (const seed of [31, 32, 33]) {
    const set = synthesizeSet({ reps: 5, seed, inertia: INERTIA, restAfterS: 3, ...after });
    sets.push({ timeUs: Float64Array.from(set.timeUs), angleDeg: Float64Array.from(set.angleDeg) });
    after = { startTimeUs: set.timeUs.at(-1)! + 3e6, startAngleDeg: set.endAngleDeg };
  }
  return sets;
}

const joined = (parts: SampleBatch[]): SampleBatch => ({
  timeUs: Float64Array.from(parts.flatMap((p) => [...p.timeUs])),
  angleDeg: Float64Array.from(parts.flatMap((p) => [...p.angleDeg])),
});

/** Streams the sets into a live session, the exercise changed by the athlete before each. */
function liveSets(sets: SampleBatch[], exercises: Exercise[]): { reps: Rep[]; session: ReturnType<typeof createLiveSession> } {
  const who = signal<Who | null>(whoFor(exercises[0]!));
  const session = createLiveSession({ engine: { createEngine, reprocess }, settings: signal(unitSettings), who, requestFrame: (cb) => cb(), onError: (m) => expect.fail(m) });
  const unit = createFakeUnit();
  session.attach(unit);
  sets.forEach((set, i) => {
    who.value = whoFor(exercises[i]!);
    for (let from = 0; from < set.timeUs.length; from += 25) {
      unit.emitSamples({ timeUs: [...set.timeUs.subarray(from, from + 25)], angleDeg: [...set.angleDeg.subarray(from, from + 25)] });
    }
  });
  session.detach();
  return { reps: session.reps.peek(), session };
}

describe('a session of one athlete doing a squat, a row and a belt squat', () => {
  const sets = threeSets();
  const all = joined(sets);
  const { reps, session } = liveSets(sets, [squat, row, beltSquat]);
  const bySet = splitSets(reps, { restS: 20, tags: session.tags.peek() });
  /** The same samples reprocessed as one exercise throughout. */
  const as = (exercise: Exercise) => reprocess(all, engineSettingsFor(unitSettings, BODY_KG, exercise)).reps;
  const [asSquat, asRow] = [as(squat), as(row)];

  it('splits into three sets at the changes of exercise, each span with the engine mass and radius of its exercise', () => {
    expect(bySet.map((set) => set.length)).toEqual([5, 5, 5]);
    expect(session.tags.peek().map(({ exerciseId, mass, radius }) => [exerciseId, mass, radius])).toEqual([
      ['builtin:squat', 80 * 0.878, 0.014],
      ['builtin:bent-over-row', 0, 0.014],
      ['belt', 80 * 0.878, 0.007],
    ]);
  });

  it('gives each squat rep a net force of 80 × 0.878 × (a_body + g) over the rope’s own, its linear force 0.878 of the whole body’s', () => {
    const asWholeBody = as(BUILT_IN_EXERCISES.find((e) => e.id === 'builtin:unspecified')!);
    for (const rep of bySet[0]!) {
      const rope = asRow.find((r) => r.startUs === rep.startUs)!;
      const whole = asWholeBody.find((r) => r.startUs === rep.startUs)!;
      for (const phase of ['concentric', 'eccentric'] as const) {
        const { netForce, linearForce } = rep[phase];
        // linearForce = m · mean a_body: 70.24 kg of the 80 the whole body would be.
        expect(linearForce).toBeCloseTo(0.878 * whole[phase].linearForce, 9);
        // A row's net force is the rope's tension alone (its mass is 0): the squat adds the body's
        // 70.24 · (mean a_body + g), that is the linear force and 70.24 · 9.81 = 689.05 N.
        expect(netForce).toBeCloseTo(linearForce + 70.24 * G + rope[phase].netForce, 6);
      }
    }
  });

  it('gives each row rep no linear force and a net force that is the rope’s tension alone, the same as reprocessing it as a row', () => {
    for (const rep of bySet[1]!) {
      expect(rep.concentric.linearForce).toBe(0);
      expect(rep.concentric.netForce).toBeGreaterThanOrEqual(Math.abs(rep.concentric.force) - 1e-9);
      expect(rep).toEqual({ ...asRow.find((r) => r.startUs === rep.startUs)!, index: rep.index, count: rep.count, start: rep.start, turn: rep.turn, end: rep.end });
    }
  });

  it('halves the body’s velocity and acceleration behind a moving pulley, doubles the force on it and keeps the power', () => {
    for (const rep of bySet[2]!) {
      const plain = asSquat.find((r) => r.startUs === rep.startUs)!;
      const { velocity, acceleration, force, power, netForce } = rep.concentric;
      expect(velocity).toBeCloseTo(plain.concentric.velocity / 2, 9);
      expect(acceleration).toBeCloseTo(plain.concentric.acceleration / 2, 9);
      expect(force).toBeCloseTo(plain.concentric.force * 2, 6);
      expect(power).toBeCloseTo(plain.concentric.power, 6);
      expect(rep.concentric.linearForce).toBeCloseTo(plain.concentric.linearForce / 2, 9);
      // The rope's tension on the body is twice the rope's own: 2 × the row's net force (share 0).
      expect(netForce).toBeCloseTo(rep.concentric.linearForce + 70.24 * G + 2 * asRow.find((r) => r.startUs === rep.startUs)!.concentric.netForce, 6);
    }
  });

  it('keeps the earlier sets as they were when the athlete is re-weighed during the last one', () => {
    const who = signal<Who | null>(whoFor(squat));
    const live = createLiveSession({ engine: { createEngine, reprocess }, settings: signal(unitSettings), who, requestFrame: (cb) => cb(), onError: (m) => expect.fail(m) });
    live.restore(all, [], undefined, { tags: session.tags.peek() });
    const before = live.reps.peek();
    who.value = { ...whoFor(beltSquat), mass: 90 * 0.878 };
    const after = live.reps.peek();
    expect(after.slice(0, 10)).toEqual(before.slice(0, 10));
    expect(after[12]!.concentric.linearForce).toBeCloseTo((before[12]!.concentric.linearForce * 90) / 80, 9);
    expect(after[12]!.concentric.velocity).toBe(before[12]!.concentric.velocity);
  });
});
