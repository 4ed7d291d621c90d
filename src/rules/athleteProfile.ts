/**
 * A profile is one athlete doing one exercise: an inertia profile of squats mixed with rows, or of
 * two people, fits nothing real. So the profile's points (rules/inertiaProfile.ts) are the sets
 * of that athlete and that exercise only, from every session they are in (a session a coach ran
 * holds several athletes' sets; rules/setTags.ts tells them apart).
 */
import { athleteRecords, type Removed } from './athleteSets';
import type { ProfileSet } from './inertiaProfile';
import type { SetRecord } from './setRecords';

/**
 * The profile points of `athleteId` doing `exerciseId` from the sets' records the finished
 * sessions keep (rules/setRecords.ts: each set's mean concentric velocity and angular
 * acceleration over its counted reps, the latter with the radius its reps were computed with),
 * session by session, each set labelled with its number among the athlete's sets of the session
 * (rules/athleteSets.ts, which also leaves out a session they were taken out of): a set of theirs
 * with a counted rep at a known inertia is a point.
 */
export function recordPoints(sessions: readonly { label: string; sets: readonly SetRecord[]; removed?: Removed }[], athleteId: string, exerciseId: string): ProfileSet[] {
  return sessions.flatMap((session) =>
    athleteRecords(session.sets, session.removed, { athleteId, exerciseId }).flatMap((set) => {
      if (set.counted === 0 || set.inertia === null || set.angularAcceleration === null) return [];
      const velocity = set.velocities.reduce((a, b) => a + b, 0) / set.velocities.length;
      return [{ inertia: set.inertia, velocity, angularAcceleration: set.angularAcceleration, reps: set.counted, label: `${session.label} · set ${set.number}` }];
    }),
  );
}
