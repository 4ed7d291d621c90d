/**
 * The Workout screen's view of the set in progress: the session's reps cut to the current set
 * (since the last long rest, load change or change of athlete or exercise, with its own numbering
 * and warmup: setSplit.ts) through the workout rules (workoutView.ts). The composition root loads
 * it after start-up.
 */
import type { Rep, Turn } from '../engine/types';
import type { LoadSpan } from './loads';
import type { TagSpan } from './setTags';
import type { WorkoutSettings } from './settingsModel';
import { currentSet } from './setSplit';
import { buildWorkoutView, type WorkoutView } from './workoutView';

export function currentSetView(reps: readonly Rep[], turn: Turn | null, loads: readonly LoadSpan[], settings: WorkoutSettings, tags: readonly TagSpan[] = []): WorkoutView {
  const set = currentSet(reps, turn, { restS: settings.setRestS, loads, tags });
  return buildWorkoutView(set.reps, settings, set.turn);
}
