/**
 * The athlete's set is the unit every view reads. A session is one recording of the unit and may
 * hold several athletes' sets (its tag spans, rules/setTags.ts); every view and action that speaks
 * of an athlete (History and its filters, the progress chart, the Profile, the Team page, the
 * rating after a set, the session page, one athlete's export, taking an athlete out of a session)
 * reads their sets through this module, from the sets cut on the session's reps
 * (`athleteSets`) or from the lines a finished session keeps (`athleteRecords`,
 * rules/setRecords.ts). The rules:
 *
 * - Whose a set is: its span's athlete, except nobody's reps (after a set was over and before the
 *   next athlete came up, rules/setOver.ts) and the sets of an athlete taken out of the session
 *   (`removed`: the session record's `removedAthletes`): those sets are no one's, and no view
 *   counts them for anyone, nor for the session.
 * - The RPE and note of a set are resolved over the whole session's sets, nobody's and taken-out
 *   athletes' included, before the sets are cut down to one athlete: a note belongs to the set
 *   that started last at or before it, so cutting first would hand another athlete's note to the
 *   set of theirs before it.
 * - Sets are numbered per athlete: an athlete's first set of a session is their set 1, whoever
 *   trained between their sets.
 */
import type { Rep } from '../engine/types';
import type { SetRecord } from './setRecords';
import { isNobody } from './setOver';
import { taggedSets, type Tag, type TaggedSet, type TagRules } from './setTags';

/** Athletes taken out of a session (the record's `removedAthletes`: id → stamp of the removal). */
export type Removed = Readonly<Record<string, unknown>> | undefined;

/** What a view is filtered to: one athlete, one exercise, or both (absent: any). */
export interface Only {
  athleteId?: string;
  exerciseId?: string;
}

/** A set with its number among its athlete's sets of the session, from 1. */
export type Numbered<S> = S & { number: number };

export type AthleteSet = Numbered<TaggedSet>;

/** Whether a set of `athleteId` is someone's in a session that took `removed` out. */
export function isOwned(athleteId: string, removed?: Removed): boolean {
  return !isNobody({ athleteId }) && (removed === undefined || !Object.hasOwn(removed, athleteId));
}

export function matches(set: Tag, only: Only): boolean {
  return (only.athleteId === undefined || set.athleteId === only.athleteId) && (only.exerciseId === undefined || set.exerciseId === only.exerciseId);
}

/** The sets that are someone's, in session order, each numbered among its athlete's, then those `only` asks for. */
export function numbered<S extends Tag>(sets: readonly S[], removed?: Removed, only: Only = {}): Numbered<S>[] {
  const counts = new Map<string, number>();
  const out: Numbered<S>[] = [];
  for (const set of sets) {
    if (!isOwned(set.athleteId, removed)) continue;
    const number = (counts.get(set.athleteId) ?? 0) + 1;
    counts.set(set.athleteId, number);
    if (matches(set, only)) out.push({ ...set, number });
  }
  return out;
}

/** The session's athletes' sets (`only`: one athlete's, one exercise's), cut and rated over the whole session, each with its athlete's number. */
export function athleteSets(reps: readonly Rep[], how: TagRules & { removed?: Removed }, only: Only = {}): AthleteSet[] {
  return numbered(taggedSets(reps, how), how.removed, only);
}

/** The same from a finished session's sets' records. */
export function athleteRecords(sets: readonly SetRecord[], removed?: Removed, only: Only = {}): Numbered<SetRecord>[] {
  return numbered(sets, removed, only);
}

/** The athletes with a set in the session, each once, in the order they first trained. */
export function athletesIn(sets: readonly Tag[], removed?: Removed): string[] {
  return [...new Set(numbered(sets, removed).map((set) => set.athleteId))];
}

/** "Ana, set 2": a set as the athlete knows it. */
export function setName(name: string, set: { number: number }): string {
  return `${name}, set ${set.number}`;
}
