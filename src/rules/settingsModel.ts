/**
 * The workout settings (docs/behaviour.md §3 table) as one immutable value, with the defaults and the checks
 * a stored or edited copy must pass. Pure: persistence lives in `settings.ts`.
 *
 * Beyond the product rules: `windupOnReset`, `boostPercent` stays device state (it is reset to 0 on connect),
 * `view` (graph or table) and the plate counts are remembered too, so a reload looks the same.
 */
import { ENGINE_DEFAULTS, inRange, rangeRule, WARMUP_CHOICES, type RangedSetting } from '../engine/ranges';
import { METRICS, type Metric } from '../engine/types';
import { PHASES, type Phase } from './labels';
import { assertPlateCounts, plateTotal } from './plates';
import { bool, numberIn, oneOf } from './check';
import { TARGET_TYPES, type TargetType } from './target';
import { bandKey, migrateStoredBands, validateBands, type TargetBands } from './targetBands';


export const VIEWS = ['graph', 'table'] as const;
export type View = (typeof VIEWS)[number];
/** Warmup reps a set may start with: the engine's (engine-rs `WARMUP`, in pkg/settings.json). */
export { WARMUP_CHOICES };
export const REP_GOAL_MAX = 100;
/** A rest longer than this ends a set by default, s: a rest between sets is minutes, one between reps a second or two. */
export const DEFAULT_SET_REST_S = 20;
/** Shortest and longest rest that may end a set, s: longer than any pause within a set, shorter than a session. */
export const SET_REST_RANGE_S = [5, 600] as const;

export interface WorkoutSettings {
  metric: Metric;
  phase: Phase;
  target: TargetType;
  /** Target value and drop per metric and phase, each part unset until the user sets it (see rules/targetBands). */
  targets: TargetBands;
  /** Planned counted reps of a set ("6 / 8"); null: no goal. */
  repGoal: number | null;
  warmup: number;
  isVoiceFeedback: boolean;
  radius: number;
  mass: number;
  calcAngularVelocity: boolean;
  calcAngularAcceleration: boolean;
  hz: number;
  windupOnReset: boolean;
  view: View;
  /** A rest longer than this, seconds, ends a set (see rules/sets). */
  setRestS: number;
  /** The table's eccentric-overload column (eccentric / concentric peak and mean power). */
  showOverload: boolean;
  /** Plate counts, largest plate first (see rules/plates). */
  plates: number[];
}

export const DEFAULT_SETTINGS: Readonly<WorkoutSettings> = Object.freeze({
  metric: 'velocity',
  phase: 'concentric',
  target: 'None',
  targets: {},
  repGoal: null,
  warmup: ENGINE_DEFAULTS.warmup,
  isVoiceFeedback: false,
  radius: ENGINE_DEFAULTS.radius,
  mass: ENGINE_DEFAULTS.mass,
  calcAngularVelocity: ENGINE_DEFAULTS.calcAngularVelocity,
  calcAngularAcceleration: ENGINE_DEFAULTS.calcAngularAcceleration,
  hz: ENGINE_DEFAULTS.hz,
  windupOnReset: false,
  view: 'graph',
  setRestS: DEFAULT_SET_REST_S,
  showOverload: false,
  plates: [0, 0, 0, 0, 0],
});

/** A physical setting within the engine's plausible range (see engine/ranges). */
function ranged(field: RangedSetting, value: unknown): number {
  if (typeof value !== 'number' || !inRange(field, value)) throw new Error(`${rangeRule(field)}, got ${String(value)}`);
  return value;
}

/** The settings an athlete keeps as their own (rules/athletes.ts) as well as the screen. */
export type TrainingFields = Pick<WorkoutSettings, 'metric' | 'phase' | 'target' | 'targets' | 'repGoal' | 'warmup' | 'isVoiceFeedback'>;

/** Checks what is shown and judged, and how; throws an Error naming the first bad field. */
export function validateTrainingFields(s: TrainingFields): void {
  oneOf('metric', METRICS, s.metric);
  oneOf('phase', PHASES, s.phase);
  oneOf('target', TARGET_TYPES, s.target);
  validateBands(s.targets);
  if (s.repGoal !== null) numberIn('repGoal', s.repGoal, 1, REP_GOAL_MAX, true);
  oneOf('warmup', WARMUP_CHOICES, s.warmup);
  bool('isVoiceFeedback', s.isVoiceFeedback);
}

/** Checks every field; throws an Error naming the first bad one. */
export function validateSettings(s: WorkoutSettings): WorkoutSettings {
  validateTrainingFields(s);
  ranged('radius', s.radius);
  ranged('mass', s.mass);
  bool('calcAngularVelocity', s.calcAngularVelocity);
  bool('calcAngularAcceleration', s.calcAngularAcceleration);
  ranged('hz', s.hz);
  bool('windupOnReset', s.windupOnReset);
  oneOf('view', VIEWS, s.view);
  bool('showOverload', s.showOverload);
  numberIn('setRestS', s.setRestS, ...SET_REST_RANGE_S);
  if (!Array.isArray(s.plates)) throw new Error('plates must be a list of counts');
  assertPlateCounts(s.plates);
  ranged('inertia', plateTotal(s.plates));
  return s;
}

/**
 * Reads a stored copy: fields missing from an older version take their defaults, unknown fields
 * are dropped, and a present but wrong field is an error (the caller tells the user).
 *
 * Targets: a copy that has `targets` is this version's, taken as it is. Older copies are migrated
 * (rules/targetBands `migrateStoredBands` says what counts as set): `bands` (every pair's value
 * and drop a number, defaults included), and before that a single target value and drop, which
 * become the band of the metric and phase the copy was showing.
 */
export function parseStoredSettings(json: string): WorkoutSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (cause) {
    throw new Error(`Stored settings are not valid JSON: ${(cause as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('Stored settings must be an object');
  const stored = raw as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS)) {
    if (key in stored) merged[key] = stored[key];
  }
  merged.targets = 'targets' in stored ? validateBands(stored.targets) : {};
  const settings = validateSettings(merged as unknown as WorkoutSettings);
  if ('targets' in stored) return settings;
  const older = 'bands' in stored ? validateBands(stored.bands) : flatBand(stored, settings);
  return { ...settings, targets: migrateStoredBands(older, { metric: settings.metric, phase: settings.phase, type: settings.target }) };
}

/** The one target of a copy from before targets were kept per metric and phase, as the band of the pair it was showing. */
function flatBand(raw: Record<string, unknown>, s: WorkoutSettings): TargetBands {
  if (!('targetValue' in raw || 'dropValue' in raw || 'dropPercent' in raw)) return {};
  return validateBands({ [bandKey(s.metric, s.phase)]: { targetValue: raw.targetValue ?? 0.9, dropPercent: raw.dropPercent ?? true, dropValue: raw.dropValue ?? 0 } });
}
