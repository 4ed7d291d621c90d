/**
 * Athletes: who a set belongs to. Numbers only mean something within one person (a progress line
 * across athletes is noise), so every set names its athlete, and each athlete keeps what the app
 * needs to train them: their body mass (the net force's mass, rules/exerciseMechanics.ts) and
 * their own settings (targets per metric and phase, the target type and rep goal, warmup, voice,
 * the exercise they did last and the plates they last used for each exercise).
 *
 * An athlete is created, renamed, given a new body mass, archived (kept with their sets, not
 * offered for new ones) and brought back; never deleted here (their sets would lose their
 * owner). Every change stamps `modifiedAt`, so two copies of one athlete (a restore, a later
 * replication) merge by keeping the newer. Ids are UUIDs made by the caller.
 *
 * The first start creates one athlete without asking anything (`firstAthlete`): the settings
 * stored before athletes existed become theirs, and so does every session recorded then (the
 * journal's migration tags them).
 */
import { RANGES } from '../engine/ranges';
import { bool, numberIn, oneOf } from './check';
import { UNSPECIFIED_EXERCISE_ID } from './exercises';
import { checkRatioTarget, type RatioTarget } from './overloadTarget';
import { assertPlateCounts } from './plates';
import { DEFAULT_SETTINGS, parseStoredSettings, validateTrainingFields, type TrainingFields, type WorkoutSettings } from './settingsModel';
import { checkStamps } from './stamps';

/** What the big number shows: the chosen metric's phase mean, or the rep's eccentric/concentric ratio (rules/overloadTarget.ts). */
export type BigNumber = 'metric' | 'ratio';

/** What the app remembers of how an athlete trains: what they are shown and judged by, their exercise and plates. */
export interface AthleteSettings extends TrainingFields {
  /** The exercise they did last: they come up with it next. */
  exerciseId: string;
  /** Plate counts last used per exercise id, largest plate first. */
  plates: Readonly<Record<string, readonly number[]>>;
  bigNumber: BigNumber;
  /** Their target on the eccentric/concentric ratio, or null without one. */
  ratioTarget: RatioTarget | null;
}

export interface Athlete {
  id: string;
  name: string;
  /** kg */
  bodyMass: number;
  archived: boolean;
  settings: AthleteSettings;
  /** ms since the epoch */
  createdAt: number;
  modifiedAt: number;
  /** Per field, the stamp of its last edit (log/stamp.ts, log/merge.ts); absent on records kept before stamps. */
  stamps?: Readonly<Record<string, string>>;
}

export const ATHLETE_NAME_MAX = 60;
/** The name the first athlete gets: nothing is asked at the first start; it can be renamed. */
export const FIRST_ATHLETE_NAME = 'Athlete 1';

/**
 * The athlete id of other athletes' stretches in a session as an athlete's phone receives it from
 * the team server, cut down to its own athlete (docs/sync.md §9): nobody this device knows, never
 * shown as an athlete nor made one.
 */
export const OTHER_ATHLETES_ID = 'other';

export const DEFAULT_ATHLETE_SETTINGS: Readonly<AthleteSettings> = Object.freeze({
  metric: DEFAULT_SETTINGS.metric,
  phase: DEFAULT_SETTINGS.phase,
  target: DEFAULT_SETTINGS.target,
  targets: {},
  repGoal: DEFAULT_SETTINGS.repGoal,
  warmup: DEFAULT_SETTINGS.warmup,
  isVoiceFeedback: DEFAULT_SETTINGS.isVoiceFeedback,
  exerciseId: UNSPECIFIED_EXERCISE_ID,
  plates: {},
  bigNumber: 'metric',
  ratioTarget: null,
});

function checkName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed.length === 0) throw new Error('An athlete needs a name');
  if (trimmed.length > ATHLETE_NAME_MAX) throw new Error(`An athlete's name is at most ${ATHLETE_NAME_MAX} characters`);
  return trimmed;
}

/** A body mass the engine takes, above 0 kg. */
function checkBodyMass(kg: unknown): number {
  const { max } = RANGES.mass;
  if (typeof kg !== 'number' || !Number.isFinite(kg) || kg <= 0 || kg > max) throw new Error(`body mass must be a number above 0 and up to ${max} kg, got ${String(kg)}`);
  return kg;
}

/** Checks every field of an athlete's settings; throws an Error naming the first bad one. */
export function validateAthleteSettings(s: AthleteSettings): AthleteSettings {
  validateTrainingFields(s);
  if (typeof s.exerciseId !== 'string' || s.exerciseId.length === 0) throw new Error('exerciseId must name an exercise');
  if (typeof s.plates !== 'object' || s.plates === null || Array.isArray(s.plates)) throw new Error('plates must map exercises to plate counts');
  for (const [exercise, counts] of Object.entries(s.plates)) {
    if (!Array.isArray(counts)) throw new Error(`plates of ${exercise} must be a list of counts`);
    assertPlateCounts(counts);
  }
  oneOf('bigNumber', ['metric', 'ratio'], s.bigNumber);
  if (s.ratioTarget !== null) checkRatioTarget(s.ratioTarget);
  return s;
}

/** A new athlete; `settings` defaults to the app's defaults. */
export function createAthlete(fields: { name: string; bodyMass: number; settings?: AthleteSettings }, made: { id: string; now: number }): Athlete {
  return {
    id: made.id,
    name: checkName(fields.name),
    bodyMass: checkBodyMass(fields.bodyMass),
    archived: false,
    settings: validateAthleteSettings({ ...(fields.settings ?? DEFAULT_ATHLETE_SETTINGS) }),
    createdAt: made.now,
    modifiedAt: made.now,
  };
}

export function renameAthlete(athlete: Athlete, name: string, now: number): Athlete {
  return { ...athlete, name: checkName(name), modifiedAt: now };
}

export function setBodyMass(athlete: Athlete, kg: number, now: number): Athlete {
  return { ...athlete, bodyMass: checkBodyMass(kg), modifiedAt: now };
}

/** Archived: kept with every set, left out of the pickers and today's order. */
export function archiveAthlete(athlete: Athlete, archived: boolean, now: number): Athlete {
  return { ...athlete, archived, modifiedAt: now };
}

/** Their settings changed; the same athlete (no new modification time) when nothing did. */
export function updateAthleteSettings(athlete: Athlete, patch: Partial<AthleteSettings>, now: number): Athlete {
  const settings = validateAthleteSettings({ ...athlete.settings, ...patch });
  return JSON.stringify(settings) === JSON.stringify(athlete.settings) ? athlete : { ...athlete, settings, modifiedAt: now };
}

/** The athletes a picker offers: not archived, by name. */
export function activeAthletes(athletes: readonly Athlete[]): Athlete[] {
  return athletes.filter((a) => !a.archived).sort((a, b) => a.name.localeCompare(b.name));
}

/** An athlete's share of the workout settings, taken from settings stored before athletes. */
function settingsFromWorkout(s: WorkoutSettings): AthleteSettings {
  const plates: Record<string, number[]> = s.plates.some((n) => n > 0) ? { [UNSPECIFIED_EXERCISE_ID]: [...s.plates] } : {};
  return { ...DEFAULT_ATHLETE_SETTINGS, metric: s.metric, phase: s.phase, target: s.target, targets: s.targets, repGoal: s.repGoal, warmup: s.warmup, isVoiceFeedback: s.isVoiceFeedback, exerciseId: UNSPECIFIED_EXERCISE_ID, plates };
}

/**
 * The athlete a first start creates: the settings stored before athletes existed (`storedJson`,
 * the settings store's localStorage copy; null when there is none) become theirs, body mass
 * included. Settings that cannot be read give the defaults, as the settings store does.
 */
export function firstAthlete(storedJson: string | null, made: { id: string; now: number }): Athlete {
  let workout: WorkoutSettings = DEFAULT_SETTINGS;
  if (storedJson !== null) {
    try {
      workout = parseStoredSettings(storedJson);
    } catch {
      workout = DEFAULT_SETTINGS;
    }
  }
  return createAthlete({ name: FIRST_ATHLETE_NAME, bodyMass: workout.mass > 0 ? workout.mass : DEFAULT_SETTINGS.mass, settings: settingsFromWorkout(workout) }, made);
}

/** A stored athlete as read back (a backup, the journal, the team server), its edit stamps kept; throws an Error naming the first bad field. */
export function parseAthlete(raw: unknown): Athlete {
  if (typeof raw !== 'object' || raw === null) throw new Error('an athlete must be an object');
  const r = raw as Record<string, unknown>;
  if (typeof r.id !== 'string' || r.id.length === 0) throw new Error('an athlete needs an id');
  const where = (e: unknown) => new Error(`athlete ${r.id as string}: ${(e as Error).message}`);
  try {
    if (typeof r.settings !== 'object' || r.settings === null) throw new Error('settings must be an object');
    const settings = validateAthleteSettings({ ...DEFAULT_ATHLETE_SETTINGS, ...(r.settings as Partial<AthleteSettings>) });
    bool('archived', r.archived);
    numberIn('createdAt', r.createdAt, 0);
    numberIn('modifiedAt', r.modifiedAt, 0);
    const stamps = checkStamps(r.stamps);
    return { id: r.id, name: checkName(r.name), bodyMass: checkBodyMass(r.bodyMass), archived: r.archived as boolean, settings, createdAt: r.createdAt as number, modifiedAt: r.modifiedAt as number, ...(stamps === undefined ? {} : { stamps }) };
  } catch (error) {
    throw where(error);
  }
}
