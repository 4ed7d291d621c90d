/**
 * The Workout screen's settings and an athlete's, both ways. The workout settings
 * (rules/settingsModel.ts) hold two kinds of field:
 * - the athlete's own: metric and phase, target type, targets per metric and phase, rep goal, warmup, voice, body mass
 *   (`mass`), and the plates (kept per exercise);
 * - the device's: the unit's radius, sampling rate and rate flags, the view, windup, the set rest,
 *   the overload column. These stay as they are when athletes take turns.
 *
 * `workoutFor` puts an athlete (and their exercise's plates) on the screen; `athleteFrom` takes
 * what the screen has back into the athlete after their set, so the next time they come up,
 * their targets, plates and exercise are as they left them. `mass` is the body mass here: the
 * engine's mass is the body mass times the exercise's share (rules/exerciseMechanics.ts).
 */
import { updateAthleteSettings, type Athlete, type AthleteSettings } from './athletes';
import type { WorkoutSettings } from './settingsModel';

const NO_PLATES = [0, 0, 0, 0, 0];

/** The workout settings with `athlete` doing `exerciseId` (their last exercise by default). */
export function workoutFor(workout: WorkoutSettings, athlete: Athlete, exerciseId: string = athlete.settings.exerciseId): WorkoutSettings {
  const s = athlete.settings;
  return {
    ...workout,
    metric: s.metric,
    phase: s.phase,
    target: s.target,
    targets: { ...s.targets },
    repGoal: s.repGoal,
    warmup: s.warmup,
    isVoiceFeedback: s.isVoiceFeedback,
    mass: athlete.bodyMass,
    // An exercise they never did has no plates yet: none, so the screen asks for them.
    plates: [...(s.plates[exerciseId] ?? NO_PLATES)],
  };
}

/**
 * `athlete` after a set of `exerciseId` done with `workout` on screen: their settings, their
 * plates for that exercise and that exercise as their next, and the body mass. The same athlete
 * (no new modification time) when nothing changed.
 */
export function athleteFrom(athlete: Athlete, workout: WorkoutSettings, exerciseId: string, now: number): Athlete {
  const patch: Partial<AthleteSettings> = {
    metric: workout.metric,
    phase: workout.phase,
    target: workout.target,
    targets: workout.targets,
    repGoal: workout.repGoal,
    warmup: workout.warmup,
    isVoiceFeedback: workout.isVoiceFeedback,
    exerciseId,
    // No plates on for an exercise they never did is what they had (none): not an edit of theirs.
    plates: athlete.settings.plates[exerciseId] === undefined && workout.plates.every((n) => n === 0) ? athlete.settings.plates : { ...athlete.settings.plates, [exerciseId]: [...workout.plates] },
  };
  const updated = updateAthleteSettings(athlete, patch, now);
  return workout.mass === athlete.bodyMass ? updated : { ...updated, bodyMass: workout.mass, modifiedAt: now };
}
