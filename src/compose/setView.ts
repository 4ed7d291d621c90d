/**
 * The Workout screen's view of the session: the set in progress (its own numbering and warmup,
 * rules/setSplit.ts) through the workout rules (rules/workoutView.ts). Loaded after start-up
 * by the composition root.
 */
import type { Rep, Turn } from '../engine/types';
import type { WorkoutSettings } from '../rules/settingsModel';
import { currentSet } from '../rules/setSplit';
import { buildWorkoutView, type WorkoutView } from '../rules/workoutView';

export function setView(reps: readonly Rep[], turn: Turn | null, settings: WorkoutSettings): WorkoutView {
  const set = currentSet(reps, turn, settings.setRestS);
  return buildWorkoutView(set.reps, settings, set.turn);
}
