/**
 * The Workout screen's view of the session: the set in progress (since the last long rest or
 * load change, with its own numbering and warmup: rules/setSplit.ts) through the workout rules
 * (rules/workoutView.ts). Loaded after start-up by the composition root.
 */
import type { Rep, Turn } from '../engine/types';
import type { LoadSpan } from '../rules/loads';
import type { WorkoutSettings } from '../rules/settingsModel';
import { currentSet } from '../rules/setSplit';
import { buildWorkoutView, type WorkoutView } from '../rules/workoutView';

export function setView(reps: readonly Rep[], turn: Turn | null, loads: readonly LoadSpan[], settings: WorkoutSettings): WorkoutView {
  const set = currentSet(reps, turn, { restS: settings.setRestS, loads });
  return buildWorkoutView(set.reps, settings, set.turn);
}
