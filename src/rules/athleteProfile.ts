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
import type { SetRecord } from './setRecords';
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
        ? setPoint(set.reps, { radius: session.radiusOf(exerciseId), warmup: set.warmup, loads: session.loads }, `${session.label} · set ${i + 1}`)
        : [],
    ),
  );
}

/**
 * The same points from the sets' records a finished session keeps (rules/setRecords.ts), without
 * reprocessing: a set of theirs with a counted rep at a known inertia is a point.
 */
export function recordPoints(sessions: readonly { label: string; sets: readonly SetRecord[] }[], athleteId: string, exerciseId: string): ProfileSet[] {
  return sessions.flatMap((session) =>
    session.sets.flatMap((set, i) => {
      if (set.athleteId !== athleteId || set.exerciseId !== exerciseId || set.counted === 0 || set.inertia === null || set.angularAcceleration === null) return [];
      const velocity = set.velocities.reduce((a, b) => a + b, 0) / set.velocities.length;
      return [{ inertia: set.inertia, velocity, angularAcceleration: set.angularAcceleration, reps: set.counted, label: `${session.label} · set ${i + 1}` }];
    }),
  );
}
