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
 * - A test in progress is kept with the settings (stores/profileTest.ts): it survives leaving
 *   the page and a reload, its times being on the session's clock, which a recovered session
 *   keeps.
 */
import type { Rep } from '../engine/types';
import { numberIn } from './check';
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

/** A test under way: its steps, the one at hand, and where its reps begin on the session's clock. */
export interface ProfileTestRun {
  steps: ProfileTestStep[];
  index: number;
  /** When the step's plates went on (µs on the session's clock); null until the user says so. */
  sinceUs: number | null;
  /** When the test began: its sets are the reps after this. */
  startUs: number;
  finished: boolean;
}

/** The test's plan, and the run when one is under way. */
export interface ProfileTestState {
  plan: ProfileTestPlan;
  run: ProfileTestRun | null;
}

/** Reads a stored test; throws an Error naming what is wrong (the caller starts afresh). */
export function parseStoredProfileTest(json: string): ProfileTestState {
  const raw = JSON.parse(json) as Partial<ProfileTestState>;
  const plan = { ...DEFAULT_PROFILE_TEST, ...raw.plan };
  const steps = planProfileTest(plan);
  if (!PROFILE_TEST_REPS.includes(plan.reps as (typeof PROFILE_TEST_REPS)[number])) throw new Error(`A profile test has 2 to 6 reps per inertia, not ${plan.reps}`);
  const run = raw.run ?? null;
  if (run === null) return { plan, run: null };
  numberIn('the step', run.index, 0, steps.length - 1, true);
  if (JSON.stringify(run.steps) !== JSON.stringify(steps)) throw new Error('The stored test’s steps are not its plan’s');
  // A time before any sample is -∞, which JSON keeps as null.
  const startUs = run.startUs ?? Number.NEGATIVE_INFINITY;
  if (typeof startUs !== 'number' || (run.sinceUs !== null && typeof run.sinceUs !== 'number') || typeof run.finished !== 'boolean') throw new Error('The stored test is not readable');
  return { plan, run: { steps, index: run.index, sinceUs: run.sinceUs, startUs, finished: run.finished } };
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
