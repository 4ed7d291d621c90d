/**
 * How the batch command splits and judges sets, in its session CSVs (the set block) and in its
 * JSON alike: the Workout screen's defaults, since the command has no screen to take them from.
 * A rest longer than the default set rest (20 s) ends a set, and a set is judged by its reps'
 * concentric mean velocity; its first `warmup` reps are left out (rules/sets.ts).
 */
import type { SessionCsvInput } from '../src/csv';
import { DEFAULT_SET_REST_S } from '../src/rules/settingsModel';

export type SetRules = SessionCsvInput['sets'];

export function setRules(warmup: number): SetRules {
  return { restS: DEFAULT_SET_REST_S, warmup, metric: 'velocity', phase: 'concentric' };
}
