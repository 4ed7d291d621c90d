/**
 * The guided profile test: a few sets at three to five inertias, lightest first, from which the
 * inertia profile (rules/inertiaProfile.ts) is fitted on the spot.
 *
 * Decisions (the literature gives the method, not a protocol an app must follow):
 * - Inertias spread evenly from the lightest to the heaviest the user picks, each made of the
 *   fewest plates (rules/platesFor.ts); the default 0.025–0.1 kg·m² is the range flywheel squat
 *   profiles are measured over. Two steps that round to the same plates are one step.
 * - Lightest first: light sets warm the athlete up for the heavy ones and fatigue the fit least.
 * - A step is done once it has its reps after the set's warmup (every set spins the flywheel up
 *   first); the step's reps are those started after the user confirmed its plates.
 */
import type { Rep } from '../engine/types';
import { plateTotal } from './plates';
import { platesFor } from './platesFor';

export interface ProfileTestPlan {
  /** Number of inertias, 3–5. */
  steps: number;
  /** Reps per inertia after the warmup. */
  reps: number;
  /** kg·m² */
  lightest: number;
  heaviest: number;
}

export const DEFAULT_PROFILE_TEST: ProfileTestPlan = { steps: 4, reps: 3, lightest: 0.025, heaviest: 0.1 };
export const PROFILE_TEST_STEPS = [3, 4, 5] as const;
export const PROFILE_TEST_REPS = [2, 3, 4, 5, 6] as const;

export interface ProfileTestStep {
  /** Plate counts, largest plate first. */
  plates: number[];
  /** Their total, kg·m². */
  inertia: number;
}

/** The steps of a test, lightest first; throws a clear Error for a plan that cannot be run. */
export function planProfileTest(plan: ProfileTestPlan): ProfileTestStep[] {
  const { steps, lightest, heaviest } = plan;
  if (!PROFILE_TEST_STEPS.includes(steps as (typeof PROFILE_TEST_STEPS)[number])) throw new Error(`A profile test has 3 to 5 inertias, not ${steps}`);
  if (!(lightest > 0 && heaviest > lightest)) throw new Error(`The heaviest inertia must be above the lightest, which must be above 0 (got ${lightest}–${heaviest} kg·m²)`);
  const out: ProfileTestStep[] = [];
  for (let i = 0; i < steps; i++) {
    const plates = platesFor(lightest + ((heaviest - lightest) * i) / (steps - 1));
    const inertia = plateTotal(plates);
    if (inertia > 0 && out.at(-1)?.inertia !== inertia) out.push({ plates, inertia });
  }
  if (out.length < 3) throw new Error(`${lightest}–${heaviest} kg·m² holds fewer than three different plate totals: widen the range`);
  return out;
}

/** Reps after the warmup among those started at or after `sinceUs` (µs on the session's clock). */
export function stepReps(reps: readonly Rep[], sinceUs: number, warmup: number): number {
  return Math.max(0, reps.filter((rep) => rep.startUs >= sinceUs).length - warmup);
}
