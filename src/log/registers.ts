/**
 * The registers of the log's records: the fields (or groups of fields that only change together)
 * each of which carries the stamp of its last edit (stamp.ts). Merging two copies (merge.ts) keeps
 * each register's later edit; a local edit (edits.ts) stamps the registers it changed. Both read
 * the same lists from here, so a register merged is a register stamped.
 *
 * - An athlete: `name`, `bodyMass`, `archived`, and each of their settings (`settings.<key>`).
 * - A custom exercise: `name`, `massShare`, `radius`, `movingPulley`, `archived`.
 * - A session: `recording` (what the recording device writes as it records: times, settings,
 *   loads, plates, unit, summary; one device records a session, so these change together),
 *   `tags` (who did what, over the session's clock), `sets` (the sets' records). Its notes and the
 *   athletes taken out of it are entries of their own (merge.ts).
 */
import type { Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import type { SessionRecord } from './records';
import { legacyStamp, type Stamp } from './stamp';

/** Per register, the stamp of its last edit. */
export type Stamps = Readonly<Record<string, Stamp>>;

/** Plain data in one canonical text (keys sorted, numbers JSON lacks named), for ordering equal stamps and comparing values. */
export function canonical(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? JSON.stringify(value) : `"#${Object.is(value, -0) ? '-0' : String(value)}"`;
  if (value === undefined) return '"#undefined"';
  if (value instanceof Float64Array) return `[${Array.from(value, canonical).join(',')}]`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A register of a record kind: its name, and how to read it from a record and write it into one. */
export interface Register<T> {
  name: string;
  get(record: T): unknown;
  set(record: T, value: unknown): T;
}

const field = <T>(name: keyof T & string): Register<T> => ({
  name,
  get: (r) => r[name],
  set: (r, v) => ({ ...r, [name]: v }),
});

/** The stamp of a record's register: its own, or, for a record kept before stamps, its last change. */
export function stampOf(record: { stamps?: Stamps; modifiedAt: number }, register: string): Stamp {
  return record.stamps?.[register] ?? legacyStamp(record.modifiedAt);
}

// ---- athletes -------------------------------------------------------------------------------

const ATHLETE_FIELDS: Register<Athlete>[] = [field('name'), field('bodyMass'), field('archived')];

function settingRegister(key: string): Register<Athlete> {
  return {
    name: `settings.${key}`,
    get: (a) => (a.settings as unknown as Record<string, unknown>)[key],
    set: (a, v) => ({ ...a, settings: { ...a.settings, [key]: v } }),
  };
}

/** The registers of two copies of an athlete: the fields, and every setting either has. */
export function athleteRegisters(...copies: Athlete[]): Register<Athlete>[] {
  const keys = [...new Set(copies.flatMap((a) => Object.keys(a.settings)))].sort();
  return [...ATHLETE_FIELDS, ...keys.map(settingRegister)];
}

// ---- exercises ------------------------------------------------------------------------------

export const EXERCISE_REGISTERS: Register<Exercise>[] = [field('name'), field('massShare'), field('radius'), field('movingPulley'), field('archived')];

// ---- sessions -------------------------------------------------------------------------------

/** What the recording device writes as it records: one register, since only that device writes it. */
interface Recording {
  startedAt: SessionRecord['startedAt'];
  finishedAt: SessionRecord['finishedAt'];
  summary: SessionRecord['summary'];
  engine: SessionRecord['settings']['engine'];
  workout: SessionRecord['settings']['workout'];
  loads: SessionRecord['settings']['loads'];
  plates: SessionRecord['plates'];
  unitKind: SessionRecord['unitKind'];
  unit: SessionRecord['unit'];
}

const RECORDING: Register<SessionRecord> = {
  name: 'recording',
  get: (r): Recording => ({
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    summary: r.summary,
    engine: r.settings.engine,
    workout: r.settings.workout,
    loads: r.settings.loads,
    plates: r.plates,
    unitKind: r.unitKind,
    unit: r.unit,
  }),
  set: (r, v) => {
    const { startedAt, finishedAt, summary, engine, workout, loads, plates, unitKind, unit } = v as Recording;
    const settings = { ...r.settings, engine, workout, ...(loads === undefined ? {} : { loads }) };
    if (loads === undefined) delete settings.loads;
    return { ...r, startedAt, finishedAt, summary, settings, plates, unitKind, unit };
  },
};

const TAGS: Register<SessionRecord> = {
  name: 'tags',
  get: (r) => r.settings.tags,
  set: (r, v) => {
    const settings = { ...r.settings, tags: v as SessionRecord['settings']['tags'] };
    if (v === undefined) delete settings.tags;
    return { ...r, settings };
  },
};

const SETS: Register<SessionRecord> = {
  name: 'sets',
  get: (r) => r.sets,
  set: (r, v) => {
    const out = { ...r, sets: v as SessionRecord['sets'] };
    if (v === undefined) delete out.sets;
    return out;
  },
};

export const SESSION_REGISTERS: Register<SessionRecord>[] = [RECORDING, TAGS, SETS];
