/**
 * Who sees and writes what (docs/sync.md "Who sees what"), as pure functions of a device and the
 * stored records. A coach's device reads and writes the whole team. An athlete's device (bound to
 * one athlete) reads the team's exercises, its own athlete, and the sessions that hold its
 * athlete's sets: those it recorded whole, those other devices recorded cut down to its athlete
 * (`redactSession`); it never receives another athlete's figures, ratings or notes. It writes the
 * sessions it recorded; in any other session only note entries of its athlete's sets and the
 * taking out of its athlete (`athleteEdit`).
 */
import { ENGINE_DEFAULTS } from '../../../src/engine/ranges';
import type { Role } from '../../../src/log/protocol';
import { stampedSession } from '../../../src/log/merge';
import type { ChunkRecord, GapRecord, SessionRecord } from '../../../src/log/records';
import { UNSPECIFIED_EXERCISE_ID } from '../../../src/rules/exercises';
import { figureKey, figuresOver } from '../../../src/rules/setRecords';
import { athleteRanges, type TagSpan } from '../../../src/rules/setTags';
import { DEFAULT_SETTINGS } from '../../../src/rules/settingsModel';

/** The device making a request. */
export interface Viewer {
  deviceId: string;
  role: Role;
  /** The athlete an athlete's device is bound to; null for a coach's. */
  athleteId: string | null;
}

/** The athlete id other athletes' tag spans carry in a copy cut down to one athlete. */
export const OTHER_ATHLETE = 'other';

/**
 * The athlete whose set a note at `atUs` rates: the athlete of the set that started last at or
 * before it (rules/setTags.ts), from the session's set records; nobody before they are recorded
 * (while it is being recorded), so that an unfinished session's notes reach only full copies.
 */
export function noteOwner(record: SessionRecord, atUs: number): string | null {
  let owner: string | null = null;
  let start = Number.NEGATIVE_INFINITY;
  for (const set of record.sets ?? []) {
    if (set.startUs <= atUs && set.startUs >= start) {
      owner = set.athleteId;
      start = set.startUs;
    }
  }
  return owner;
}

/** Every athlete a session's tags name. */
export function taggedAthletes(record: SessionRecord): string[] {
  return [...new Set((record.settings.tags ?? []).map((t) => t.athleteId))];
}

/**
 * The session as `athleteId`'s device may see it: their sets, their notes, their own taking out;
 * other athletes' tag spans as one anonymous span each run (no id, mass, radius or warmup); the
 * summary counted over their sets; the workout settings' training fields and body mass not those
 * of whoever was up at the start. Registers keep their stamps: the copy is never merged into a
 * full one (the server takes only `athleteEdit` from such a device).
 */
export function redactSession(record: SessionRecord, athleteId: string): SessionRecord {
  const tags = record.settings.tags ?? [];
  const own = tags.find((t) => t.athleteId === athleteId);
  const mass = own?.mass ?? ENGINE_DEFAULTS.mass;
  const redactedTags: TagSpan[] = [];
  for (const span of tags) {
    if (span.athleteId === athleteId) redactedTags.push({ ...span });
    else if (redactedTags.at(-1)?.athleteId !== OTHER_ATHLETE) redactedTags.push({ fromUs: span.fromUs, athleteId: OTHER_ATHLETE, exerciseId: UNSPECIFIED_EXERCISE_ID });
  }
  const sets = record.sets?.filter((s) => s.athleteId === athleteId);
  const { metric, phase, target, targets, repGoal, warmup, isVoiceFeedback } = DEFAULT_SETTINGS;
  const out: SessionRecord = {
    ...record,
    settings: {
      ...record.settings,
      engine: { ...record.settings.engine, mass },
      workout: { ...record.settings.workout, metric, phase, target, targets, repGoal, warmup, isVoiceFeedback, mass },
      ...(record.settings.tags === undefined ? {} : { tags: redactedTags }),
    },
    summary: record.summary === null ? null : summaryOver(sets, record.summary),
  };
  if (sets === undefined) delete out.sets;
  else out.sets = sets;
  if (record.notes !== undefined) out.notes = record.notes.filter((n) => noteOwner(record, n.atUs) === athleteId);
  const removed = record.removedAthletes?.[athleteId];
  if (removed === undefined) delete out.removedAthletes;
  else out.removedAthletes = { [athleteId]: removed };
  return out;
}

function summaryOver(sets: SessionRecord['sets'], whole: NonNullable<SessionRecord['summary']>): SessionRecord['summary'] {
  if (sets === undefined) return null;
  const reps = sets.reduce((n, s) => n + s.counted, 0);
  if (whole.best === null) return { reps, best: null };
  const best = figuresOver(sets, figureKey(whole.best.metric, whole.best.phase)).best;
  return { reps, best: best === null ? null : { ...whole.best, value: best } };
}

/** What an athlete's device may change in a session another device recorded, and what it tried to change beyond that. */
export interface AthleteEdit {
  /** The stored record with the device's own notes and own taking out merged in as a copy (merge.ts takes the rest from `stored`). */
  patch: SessionRecord;
  /** Why parts of the pushed copy were left out, in one sentence; null when nothing was. */
  ignored: string | null;
}

export function athleteEdit(stored: SessionRecord, pushed: SessionRecord, athleteId: string): AthleteEdit {
  const notes = stampedSession(pushed).notes ?? [];
  const own = notes.filter((n) => noteOwner(stored, n.atUs) === athleteId);
  const removal = pushed.removedAthletes?.[athleteId];
  const ignored: string[] = [];
  if (own.length < notes.length) ignored.push('notes of sets that are not its athlete’s');
  if (Object.keys(pushed.removedAthletes ?? {}).some((id) => id !== athleteId)) ignored.push('taking out other athletes');
  const registers = ['recording', 'tags', 'sets'];
  if (registers.some((r) => (pushed.stamps?.[r] ?? '') > (stored.stamps?.[r] ?? ''))) ignored.push('changes to its recording, tags or sets');
  const patch: SessionRecord = { ...stored, notes: own, modifiedAt: Math.max(stored.modifiedAt, pushed.modifiedAt) };
  if (removal === undefined) delete patch.removedAthletes;
  else patch.removedAthletes = { [athleteId]: removal };
  return { patch, ignored: ignored.length === 0 ? null : `An athlete’s device changes only its athlete’s notes and its athlete’s place in sessions it did not record; left out: ${ignored.join(', ')}.` };
}

/** A chunk cut down to the samples within `athleteId`'s stretches of the session; null when none is. */
export function redactChunk(chunk: ChunkRecord, record: SessionRecord, athleteId: string): ChunkRecord | null {
  const ranges = athleteRanges(record.settings.tags ?? [], athleteId);
  const keep: number[] = [];
  chunk.timeUs.forEach((t, i) => {
    if (ranges.some((r) => t >= r.fromUs && t < r.toUs)) keep.push(i);
  });
  if (keep.length === 0) return null;
  if (keep.length === chunk.timeUs.length) return chunk;
  return { ...chunk, timeUs: Float64Array.from(keep, (i) => chunk.timeUs[i]!), angleDeg: Float64Array.from(keep, (i) => chunk.angleDeg[i]!) };
}

/** Whether a link gap overlaps `athleteId`'s stretches of the session. */
export function gapVisible(gap: GapRecord, record: SessionRecord, athleteId: string): boolean {
  return athleteRanges(record.settings.tags ?? [], athleteId).some((r) => gap.fromUs < r.toUs && gap.toUs > r.fromUs);
}
