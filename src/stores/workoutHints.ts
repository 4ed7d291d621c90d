/**
 * The quiet lines and prompts the Workout screen shows besides the set (hints, not errors):
 * - `wakeLockHint`: while a unit is connected, the screen may dim because the wake lock is
 *   unsupported or refused (set by screenAwake.ts, which loads after the first render);
 * - `workoutDialog`: which of the Workout's dialogs is open, so the connect flow and the
 *   inertia hint can open the Inertia dialog too;
 * - the inertia prompt: after the first calibration of a visit with no plates chosen, the
 *   Inertia dialog opens (once; Skip leaves it closed until the next visit).
 * One small module, so the Workout screen's start-up loads them without the code that sets them.
 */
import { signal } from '@preact/signals-react';

export const wakeLockHint = signal<string | null>(null);

export type WorkoutDialog = 'inertia' | 'target';

export const workoutDialog = signal<WorkoutDialog | null>(null);

/** The inertia prompt of this visit: not yet, its dialog open (which then says why), or over. */
export const inertiaPrompt = signal<'never' | 'open' | 'done'>('never');

/** Opens the Inertia dialog after the connect flow when no plates are chosen, once per visit; true when it did. */
export function promptForInertia(inertia: number): boolean {
  if (inertia !== 0 || inertiaPrompt.peek() !== 'never') return false;
  inertiaPrompt.value = 'open';
  workoutDialog.value = 'inertia';
  return true;
}

/** Closes the Workout's dialog (and ends the inertia prompt, if it was that). */
export function closeWorkoutDialog(): void {
  if (inertiaPrompt.peek() === 'open') inertiaPrompt.value = 'done';
  workoutDialog.value = null;
}

/** A new visit (the composition root starts one): no dialog open, the inertia prompt not yet asked. */
export function resetWorkoutPrompts(): void {
  workoutDialog.value = null;
  inertiaPrompt.value = 'never';
}
