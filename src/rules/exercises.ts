/**
 * Exercises: a short built-in list for flywheel training and the user's own. Figures only mean
 * something within one exercise (a row is not a squat), so every set names its exercise, and an
 * exercise says how the rope meets the body (rules/exerciseMechanics.ts turns that into the
 * engine's settings):
 *
 * - `massShare`, the share of body mass that moves with the rope (Chronojump's "% body weight",
 *   `percentBodyWeight` of its encoder exercises; it multiplies the body mass the same way,
 *   `getMassBodyByExercise` in its encoder/util.R). It is the mass in the net force
 *   m·(a_body + g) + |F|; a row moves none of the body, a squat most of it.
 * - `radius`, the shaft radius when the exercise's rope geometry differs from the unit's (a
 *   harness on a cone, another shaft), in metres; null keeps the unit's.
 * - `movingPulley`, a rope running through a pulley on the athlete (rope anchored at one end):
 *   the body travels half the rope and takes twice its tension.
 *
 * Where the built-in shares come from. The body is moved by the segments the rope's load
 * carries; what stays on the floor or only rotates about a still joint moves little of its mass.
 * Segment masses are Dempster's as tabulated by Winter (Biomechanics and Motor Control of Human
 * Movement, 4th ed., 2009, table 4.1: foot 0.0145, leg (shank) 0.0465, thigh 0.100 of body
 * mass; head-arms-trunk (HAT) 0.678 with its centre of mass 0.626 of the way from the hip to the
 * shoulder; thorax 0.216; abdomen and pelvis 0.281).
 * - Squat, split squat, lateral squat: everything but the shanks and feet,
 *   1 − 2·(0.0465 + 0.0145) = 0.878. That is the "body mass less the shanks and feet" of Cormie,
 *   McBride & McCaulley (J Strength Cond Res 21(4):1042–1049, 2007), who show that leaving the
 *   body out of a squat's system mass shifts its load–power curve; Chronojump's own Squat
 *   counts the whole body (100 %), which the shanks and feet, barely moving, overstate.
 * - Romanian deadlift: the HAT rotating about the hips, its centre of mass moving 0.626 of the
 *   hands' (and the rope's) travel: 0.678 × 0.626 = 0.424; the legs stay.
 * - Hip thrust (the upper back on a bench, the rope over the hips): the abdomen and pelvis rise
 *   with the hips (0.281), the thighs rotate about the knees with their centre of mass at 0.567
 *   of the hips' travel (2 × 0.100 × 0.567 = 0.113), the thorax pivots on the bench with its
 *   centre of mass about halfway (0.216 × 0.5 = 0.108): 0.502, taken as 0.5.
 * - Bent-over row, standing row, leg curl: the body stays where it is and only a limb moves with
 *   the rope: 0, as Chronojump's Bench press (0 %) leaves the arms out. The rows are also
 *   horizontal or held, where the body's weight does not act along the rope.
 * - Unspecified: what the app did before exercises, and what every session recorded then is
 *   given: the whole body mass (1) on the unit's rope.
 * Every built-in uses the unit's rope and no moving pulley; a custom exercise sets its own.
 */
import { inRange, rangeRule } from '../engine/ranges';
import { bool, numberIn } from './check';
import { checkStamps } from './stamps';

export interface Exercise {
  /** Built-in: `builtin:<name>`, the same on every device; custom: a UUID. */
  id: string;
  name: string;
  /** Share of body mass moving with the rope, 0–1. */
  massShare: number;
  /** Shaft radius, m, where the exercise's rope differs from the unit's; null: the unit's. */
  radius: number | null;
  movingPulley: boolean;
  builtIn: boolean;
  /** A custom exercise the user put away: kept for the sets done with it, not offered for new ones. */
  archived: boolean;
  /** ms since the epoch of the last change (built-ins: 0, they never change). */
  modifiedAt: number;
  /** Per field, the stamp of its last edit (log/stamp.ts, log/merge.ts); absent on records kept before stamps. */
  stamps?: Readonly<Record<string, string>>;
}

export const UNSPECIFIED_EXERCISE_ID = 'builtin:unspecified';

const builtIn = (key: string, name: string, massShare: number): Exercise =>
  Object.freeze({ id: `builtin:${key}`, name, massShare, radius: null, movingPulley: false, builtIn: true, archived: false, modifiedAt: 0 });

/** The built-in exercises, in the order a picker lists them (shares: see the module comment). */
export const BUILT_IN_EXERCISES: readonly Exercise[] = Object.freeze([
  builtIn('squat', 'Squat', 0.878),
  builtIn('romanian-deadlift', 'Romanian deadlift', 0.424),
  builtIn('split-squat', 'Split squat', 0.878),
  builtIn('lateral-squat', 'Lateral squat', 0.878),
  builtIn('hip-thrust', 'Hip thrust', 0.5),
  builtIn('bent-over-row', 'Bent-over row', 0),
  builtIn('standing-row', 'Standing row', 0),
  builtIn('leg-curl', 'Leg curl', 0),
  builtIn('unspecified', 'Unspecified', 1),
]);

export const EXERCISE_NAME_MAX = 60;

/** What the user gives for a custom exercise. */
export interface ExerciseFields {
  name: string;
  massShare: number;
  radius: number | null;
  movingPulley: boolean;
}

function checkName(name: unknown): string {
  if (typeof name !== 'string') throw new Error('An exercise needs a name');
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new Error('An exercise needs a name');
  if (trimmed.length > EXERCISE_NAME_MAX) throw new Error(`An exercise name is at most ${EXERCISE_NAME_MAX} characters`);
  return trimmed;
}

/**
 * Checks the fields; throws an Error naming the first bad one. The radius the engine ends up with
 * (halved by a moving pulley) must be within the engine's radius range too.
 */
export function checkExerciseFields(fields: ExerciseFields): ExerciseFields {
  const name = checkName(fields.name);
  numberIn('massShare', fields.massShare, 0, 1);
  bool('movingPulley', fields.movingPulley);
  if (fields.radius !== null) {
    if (!inRange('radius', fields.radius)) throw new Error(`The exercise's ${rangeRule('radius')}, got ${String(fields.radius)}`);
    if (fields.movingPulley && !inRange('radius', fields.radius / 2)) {
      throw new Error(`With a moving pulley the rope acts as if on half the radius, ${fields.radius / 2} m, below the engine's range: ${rangeRule('radius')}`);
    }
  }
  return { name, massShare: fields.massShare, radius: fields.radius, movingPulley: fields.movingPulley };
}

/** A new custom exercise. */
export function createExercise(fields: ExerciseFields, made: { id: string; now: number }): Exercise {
  return { ...checkExerciseFields(fields), id: made.id, builtIn: false, archived: false, modifiedAt: made.now };
}

/** A custom exercise changed (a built-in cannot be: make a custom one instead). */
export function editExercise(exercise: Exercise, patch: Partial<ExerciseFields> & { archived?: boolean }, now: number): Exercise {
  if (exercise.builtIn) throw new Error(`${exercise.name} is built in and cannot be changed: add your own exercise instead`);
  const { archived, ...fields } = patch;
  const checked = checkExerciseFields({ name: exercise.name, massShare: exercise.massShare, radius: exercise.radius, movingPulley: exercise.movingPulley, ...fields });
  return { ...exercise, ...checked, archived: archived ?? exercise.archived, modifiedAt: now };
}

/** Every exercise known: the built-ins, then the custom ones by name. */
export function allExercises(custom: readonly Exercise[]): Exercise[] {
  return [...BUILT_IN_EXERCISES, ...[...custom].sort((a, b) => a.name.localeCompare(b.name))];
}

/** The exercise of `id` among the built-ins and `custom`; throws a clear Error for an unknown one. */
export function exerciseById(custom: readonly Exercise[], id: string): Exercise {
  const found = BUILT_IN_EXERCISES.find((e) => e.id === id) ?? custom.find((e) => e.id === id);
  if (found === undefined) throw new Error(`There is no exercise ${id} on this device`);
  return found;
}

/** A stored custom exercise as read back (a backup, the journal, the team server), its edit stamps kept; throws an Error naming the first bad field. */
export function parseExercise(raw: unknown): Exercise {
  if (typeof raw !== 'object' || raw === null) throw new Error('an exercise must be an object');
  const r = raw as Record<string, unknown>;
  if (typeof r.id !== 'string' || r.id.length === 0) throw new Error('an exercise needs an id');
  if (r.id.startsWith('builtin:')) throw new Error(`exercise ${r.id}: built-in exercises are not stored`);
  const fields = checkExerciseFields({ name: r.name as string, massShare: r.massShare as number, radius: (r.radius ?? null) as number | null, movingPulley: r.movingPulley as boolean });
  bool(`exercise ${r.id}: archived`, r.archived);
  numberIn(`exercise ${r.id}: modifiedAt`, r.modifiedAt, 0);
  let stamps: Readonly<Record<string, string>> | undefined;
  try {
    stamps = checkStamps(r.stamps);
  } catch (error) {
    throw new Error(`exercise ${r.id}: ${(error as Error).message}`);
  }
  return { ...fields, id: r.id, builtIn: false, archived: r.archived as boolean, modifiedAt: r.modifiedAt as number, ...(stamps === undefined ? {} : { stamps }) };
}
