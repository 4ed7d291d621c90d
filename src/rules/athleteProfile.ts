/**
 * A profile is one athlete doing one exercise: an inertia profile of squats mixed with rows, or of
 * two people, fits nothing real. So the profile's points (rules/inertiaProfile.ts) are the sets
 * of that athlete and that exercise only, from every session they are in (a session a coach ran
 * holds several athletes' sets; rules/setTags.ts tells them apart).
 */
import type { Rep } from '../engine/types';
import type { ProfileSet } from './inertiaProfile';
import { setPoint } from './inertiaProfile';
import type { LoadSpan } from './loads';
import { taggedSets, type SetNote, type TagSpan } from './setTags';

/** A finished session as the profile reads it. */
export interface ProfileSession {
  /** How its sets are labelled, e.g. "9 Mar 2025, 08:30". */
  label: string;
  reps: readonly Rep[];
  restS: number;
  warmup: number;
  loads: readonly LoadSpan[];
  tags: readonly TagSpan[];
  notes?: readonly SetNote[];
  /** The radius the engine computed each exercise's reps with, m (rules/exerciseMechanics.ts). */
  radiusOf: (exerciseId: string) => number;
}

/** The profile points of `athleteId` doing `exerciseId`, session by session, each set labelled with its number in its session. */
export function athleteExercisePoints(sessions: readonly ProfileSession[], athleteId: string, exerciseId: string): ProfileSet[] {
  return sessions.flatMap((session) =>
    taggedSets(session.reps, { ...session, metric: 'velocity', phase: 'concentric' }).flatMap((set, i) =>
      set.athleteId === athleteId && set.exerciseId === exerciseId
        ? setPoint(set.reps, { radius: session.radiusOf(exerciseId), warmup: session.warmup, loads: session.loads }, `${session.label} · set ${i + 1}`)
        : [],
    ),
  );
}
