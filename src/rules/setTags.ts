/**
 * Every set is tagged with who did it and what they did: athlete, exercise, the load (inertia and
 * boost, rules/loads.ts), and, when the athlete gave them, a rating of effort (RPE 1–10) and a
 * note. One device, one session, athletes taking turns: so the athlete and exercise are spans on
 * the session's clock, like the loads, and a change of either starts a new set as a change of
 * load does (a set is one athlete doing one exercise at one load).
 *
 * - A tag span applies to the reps whose movement starts at or after its `fromUs`, until the next;
 *   the first applies from the start. A change while no rep has started under the span in force
 *   corrects it (the coach picked the next athlete before they pulled), as loads do.
 * - A note is given after a set: it carries `atUs`, a time on the session's clock at or after the
 *   first rep of the set it rates (the newest sample when it was entered, or the set's start when
 *   rated later from the History), and belongs to the last set that started at or before it. A
 *   newer note for the same set replaces the older.
 * - RPE is the athlete's rating of perceived exertion, a whole number from 1 to 10 (the CR-10
 *   scale; kMeter's result screen takes a 0–10 VAS the same way); a note is free text.
 */
import type { Metric, Rep } from '../engine/types';
import { numberIn } from './check';
import type { Phase } from './labels';
import type { Load, LoadSpan } from './loads';
import { summariseSet, type SetSummary } from './sets';
import { isNobody } from './setOver';
import { splitSets } from './setSplit';
import { changeSpan, spanAt, type Span } from './spans';

export interface Tag {
  athleteId: string;
  exerciseId: string;
}

/**
 * What the athlete doing the exercise sets for their reps, fixed when the span is written: the
 * engine's mass and radius (rules/exerciseMechanics.ts: body mass × share, the exercise's rope),
 * and the athlete's warmup reps per set. Records written before these were kept have none; their
 * session's own settings hold for them.
 */
export interface TagSettings {
  /** kg */
  mass?: number;
  /** m */
  radius?: number;
  warmup?: number;
}

export interface TagSpan extends Tag, TagSettings, Span {}

export interface SetNote {
  /** µs on the session's clock, at or after the first rep of the set it belongs to. */
  atUs: number;
  /** 1–10, or null when the athlete gave none. */
  rpe: number | null;
  note: string;
  /**
   * The stamps of the edits this entry makes (log/stamp.ts): an entry sets only the fields it has
   * a stamp for. Entries kept before stamps have none and set both fields.
   */
  stamps?: { rpe?: string; note?: string };
}

export const NOTE_MAX = 500;

export function sameTag(a: Tag, b: Tag): boolean {
  return a.athleteId === b.athleteId && a.exerciseId === b.exerciseId;
}

/** A session's tags before any sample: `tag` from the start. */
export function firstTags(tag: Tag): TagSpan[] {
  return [{ fromUs: Number.NEGATIVE_INFINITY, athleteId: tag.athleteId, exerciseId: tag.exerciseId }];
}

/** The span in force at `us` (the first one before any span starts). */
export function tagAt(tags: readonly TagSpan[], us: number): TagSpan {
  return spanAt(tags, us, 'athlete and exercise');
}

/**
 * The tags after the athlete or exercise changes to `tag` when the session's newest sample is at
 * `nowUs` (null: none yet); `started`: whether a rep has started under the span in force.
 */
export function changeTag(tags: readonly TagSpan[], tag: Tag, nowUs: number | null, started: boolean): TagSpan[] {
  return changeSpan(tags, { athleteId: tag.athleteId, exerciseId: tag.exerciseId }, sameTag, nowUs, !started);
}

/**
 * The tags after who trains what becomes `next` (with its settings), like `changeTag`; the same
 * athlete and exercise with other settings (re-weighed, another warmup) corrects the span in force
 * instead of starting a set. After a span of nobody's reps (rules/setOver.ts) whoever comes up
 * starts a span of their own, rep or no rep under it: correcting it would hand them the reps of
 * that span, or merge the athlete who just finished back into their done set.
 */
export function changeTagSettings(tags: readonly TagSpan[], next: Tag & TagSettings, nowUs: number | null, started: boolean): TagSpan[] {
  const current = tags.at(-1);
  const value = { athleteId: next.athleteId, exerciseId: next.exerciseId, mass: next.mass, radius: next.radius, warmup: next.warmup };
  if (current === undefined) return [{ fromUs: Number.NEGATIVE_INFINITY, ...value }];
  if (!sameTag(current, next) && isNobody(current) && !isNobody(next) && nowUs !== null && nowUs > current.fromUs) return [...tags, { ...value, fromUs: nowUs }];
  if (!sameTag(current, next)) return changeSpan(tags, value, sameTag, nowUs, !started);
  const same = current.mass === next.mass && current.radius === next.radius && current.warmup === next.warmup;
  return same ? [...tags] : [...tags.slice(0, -1), { ...current, mass: next.mass, radius: next.radius, warmup: next.warmup }];
}

/** The stretches of the session's clock that are `athleteId`'s, [fromUs, toUs), in order. */
export function athleteRanges(tags: readonly TagSpan[], athleteId: string): { fromUs: number; toUs: number }[] {
  const ranges: { fromUs: number; toUs: number }[] = [];
  tags.forEach((span, i) => {
    if (span.athleteId !== athleteId) return;
    const toUs = tags[i + 1]?.fromUs ?? Number.POSITIVE_INFINITY;
    const last = ranges.at(-1);
    if (last !== undefined && last.toUs === span.fromUs) last.toUs = toUs;
    else ranges.push({ fromUs: span.fromUs, toUs });
  });
  return ranges;
}

/** Checks a note; throws an Error naming the bad field. */
export function checkNote(note: SetNote): SetNote {
  if (typeof note.atUs !== 'number' || Number.isNaN(note.atUs)) throw new Error('a set note needs the time of its set');
  if (note.rpe !== null) numberIn('RPE', note.rpe, 1, 10, true);
  if (typeof note.note !== 'string') throw new Error('a note must be text');
  if (note.note.length > NOTE_MAX) throw new Error(`a note is at most ${NOTE_MAX} characters`);
  return note;
}

/**
 * The session's notes with `note` given for the set it names (`setStarts`: each set's first rep
 * start, µs, ascending).
 * - With the edit's `stamp` (the log's copy, as the journal keeps it: docs/behaviour.md §10): the
 *   edit stamps only the fields that differ from the set's current values (`notesBySet`) and the
 *   older entries stay, so that a merge with another copy keeps an RPE given there and a note
 *   written here for the same set. It is folded into a stamped entry of the same time, else added;
 *   with no field changed the notes stay as they were.
 * - Without one (the screen's own list during a session, which the journal stamps as it keeps
 *   it): it replaces the set's older entries.
 */
export function withNote(notes: readonly SetNote[], note: SetNote, setStarts: readonly number[], stamp?: string): SetNote[] {
  checkNote(note);
  const set = setIndexAt(setStarts, note.atUs);
  if (stamp === undefined) {
    const kept = notes.filter((n) => set === -1 || setIndexAt(setStarts, n.atUs) !== set);
    return [...kept, { atUs: note.atUs, rpe: note.rpe, note: note.note }].sort((a, b) => a.atUs - b.atUs);
  }
  const now = (set === -1 ? undefined : notesBySet(notes, setStarts).get(set)) ?? { rpe: null, note: '' };
  const changed = { ...(note.rpe !== now.rpe && { rpe: stamp }), ...(note.note !== now.note && { note: stamp }) };
  if (Object.keys(changed).length === 0) return [...notes];
  const same = notes.findIndex((n) => n.atUs === note.atUs && n.stamps !== undefined);
  const base: SetNote = same === -1 ? { atUs: note.atUs, rpe: null, note: '', stamps: {} } : notes[same]!;
  const entry: SetNote = { ...base, ...('rpe' in changed && { rpe: note.rpe }), ...('note' in changed && { note: note.note }), stamps: { ...base.stamps, ...changed } };
  const others = same === -1 ? notes : notes.filter((_, i) => i !== same);
  return [...others, entry].sort((a, b) => a.atUs - b.atUs);
}

/** The index of the last set starting at or before `us`, −1 before the first. */
function setIndexAt(setStarts: readonly number[], us: number): number {
  let found = -1;
  setStarts.forEach((start, i) => {
    if (start <= us) found = i;
  });
  return found;
}

/**
 * Each set's RPE and note (`setStarts`: each set's first rep start, µs, ascending), by index: of
 * the entries that fall in a set, the latest stamped edit of each field wins (log/merge.ts); an
 * entry kept before stamps sets both fields, later than no edit and earlier than any stamped one,
 * and of two such entries the later in the list wins.
 */
export function notesBySet(notes: readonly SetNote[], setStarts: readonly number[]): Map<number, { rpe: number | null; note: string }> {
  const found = new Map<number, { rpe: number | null; note: string; rpeAt: string; noteAt: string }>();
  for (const entry of notes) {
    const at = setIndexAt(setStarts, entry.atUs);
    if (at < 0) continue;
    const have = found.get(at) ?? { rpe: null, note: '', rpeAt: '', noteAt: '' };
    const rpeAt = entry.stamps === undefined ? '' : entry.stamps.rpe;
    const noteAt = entry.stamps === undefined ? '' : entry.stamps.note;
    if (rpeAt !== undefined && rpeAt >= have.rpeAt) Object.assign(have, { rpe: entry.rpe, rpeAt });
    if (noteAt !== undefined && noteAt >= have.noteAt) Object.assign(have, { note: entry.note, noteAt });
    found.set(at, have);
  }
  return new Map([...found].map(([i, { rpe, note }]) => [i, { rpe, note }]));
}

/** A set with everything it is tagged with. */
export interface TaggedSet extends Tag {
  /** The warmup reps it starts with (its athlete's at the time). */
  warmup: number;
  /** The set's figures (load, reps, best, mean, velocity loss, work, overload). */
  summary: SetSummary;
  load: Load | null;
  /** µs: the movement start of its first rep and the end of its last. */
  startUs: number;
  endUs: number;
  rpe: number | null;
  note: string;
  /** The set's reps, warmup included. */
  reps: Rep[];
}

/** How a session's sets are cut and tagged. */
export interface TagRules {
  restS: number;
  loads?: readonly LoadSpan[];
  tags: readonly TagSpan[];
  notes?: readonly SetNote[];
  warmup: number;
  metric: Metric;
  phase: Phase;
}

/**
 * The reps cut into sets (long rests, load changes, athlete or exercise changes), each set tagged
 * and summarised with the warmup of its athlete at the time (its span's, else `how.warmup`).
 */
export function taggedSets(reps: readonly Rep[], how: TagRules): TaggedSet[] {
  const sets = splitSets(reps, { restS: how.restS, loads: how.loads, tags: how.tags });
  const notes = notesBySet(how.notes ?? [], sets.map((set) => set[0]!.startUs));
  return sets.map((set, i) => {
    const tag = tagAt(how.tags, set[0]!.startUs);
    const summary = summariseSet(i, set, { restS: how.restS, loads: how.loads, warmup: tag.warmup ?? how.warmup, metric: how.metric, phase: how.phase });
    const note = notes.get(i);
    return { athleteId: tag.athleteId, exerciseId: tag.exerciseId, warmup: tag.warmup ?? how.warmup, summary, load: summary.load, startUs: set[0]!.startUs, endUs: set.at(-1)!.endUs, rpe: note?.rpe ?? null, note: note?.note ?? '', reps: set };
  });
}
