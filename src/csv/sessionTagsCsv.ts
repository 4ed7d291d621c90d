/**
 * The session CSV's block of who did what (README, "The session CSV"): after the documented four
 * blocks and the set and power blocks, one row per athlete's set (rules/athleteSets.ts: sets cut
 * at long rests, load changes, and changes of athlete or exercise; nobody's reps and the sets of
 * an athlete taken out of the session are no one's and get no row), with the athlete, their body
 * mass, the exercise and its share of body mass, the load, and the RPE and note given after it.
 *
 * Sets are named by their time on the raw block's clock (first rep's start, last rep's end, whole
 * µs), not by a number: the set block numbers every set of the recording, nobody's reps included,
 * while each athlete counts only theirs (rules/athleteSets.ts), so a number could point at
 * another set.
 */
import type { Rep } from '../engine/types';
import { athleteSets, type Removed } from '../rules/athleteSets';
import type { SetRules } from '../rules/sets';
import type { SetNote, TagSpan } from '../rules/setTags';
import { csvBlock, type Cell } from './csvWrite';

/** What the block needs besides the reps: the session's tags and notes, and the names behind ids. */
export interface SessionTagsInput {
  tags: readonly TagSpan[];
  notes?: readonly SetNote[];
  /** Athletes taken out of the session (the record's `removedAthletes`): their sets get no row. */
  removed?: Removed;
  /** One athlete's export: only their sets get a row. */
  athleteId?: string;
  /**
   * The whole session's reps where the CSV's are cut down to one athlete: the sets and their
   * ratings are found on the whole session (a note belongs to the set that started last before it).
   */
  sessionReps?: readonly Rep[];
  /** Names and figures behind the ids; null where the device does not know them (empty cells). */
  athlete: (id: string) => { name: string; bodyMass: number | null };
  exercise: (id: string) => { name: string; massShare: number | null };
}

export const TAGS_HEADER: readonly string[] = ['Set Start (µs)', 'Set End (µs)', 'Athlete', 'Body Mass (kg)', 'Exercise', 'Mass Share', 'Inertia (kg·m²)', 'Boost (%)', 'RPE', 'Note'];

function setsOf(reps: readonly Rep[], how: SetRules, input: SessionTagsInput) {
  return athleteSets(input.sessionReps ?? reps, { ...how, tags: input.tags, notes: input.notes, removed: input.removed }, { athleteId: input.athleteId });
}

/** Who and what the file holds, for its name: "Ana, Ben · Squat, Bent-over row". */
export function tagsLabel(reps: readonly Rep[], how: SetRules, input: SessionTagsInput): string {
  const sets = setsOf(reps, how, input);
  const names = (ids: readonly string[], name: (id: string) => string) => [...new Set(ids)].map(name).join(', ');
  return `${names(sets.map((s) => s.athleteId), (id) => input.athlete(id).name)} · ${names(sets.map((s) => s.exerciseId), (id) => input.exercise(id).name)}`;
}

/** The block, one row per athlete's set. */
export function tagsBlock(reps: readonly Rep[], how: SetRules, input: SessionTagsInput): string {
  const rows: Cell[][] = [[...TAGS_HEADER]];
  for (const set of setsOf(reps, how, input)) {
    const athlete = input.athlete(set.athleteId);
    const exercise = input.exercise(set.exerciseId);
    rows.push([Math.round(set.startUs), Math.round(set.endUs), athlete.name, athlete.bodyMass ?? '', exercise.name, exercise.massShare ?? '', set.load?.inertia ?? '', set.load?.boost ?? '', set.rpe ?? '', set.note]);
  }
  return csvBlock('Session CSV athletes', rows);
}
