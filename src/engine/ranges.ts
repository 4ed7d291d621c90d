/**
 * The plausible range of each physical setting, as the engine defines them
 * (engine-rs/src/settings.rs, exported to pkg/settings.json by the engine build). A plain JSON
 * import, so the settings screen and the stored-settings check can use them before the engine
 * itself has loaded; the engine refuses the same values with the same words.
 */
import facts from '../../pkg/settings.json';

export interface Range {
  min: number;
  max: number;
  unit: string;
}

export type RangedSetting = keyof typeof facts.ranges;

export const RANGES: Readonly<Record<RangedSetting, Range>> = facts.ranges;

/** Largest |time| (µs) or |angle| (°) the engine takes: beyond it a sample is not a measurement. */
export const MAX_SAMPLE_VALUE: number = facts.maxSampleValue;

/** Whether `value` is a finite number within the range of `setting`. */
export function inRange(setting: RangedSetting, value: number): boolean {
  const r = RANGES[setting];
  return Number.isFinite(value) && value >= r.min && value <= r.max;
}

/** "radius must be a number from 0.002 to 0.2 m", the engine's wording. */
export function rangeRule(setting: RangedSetting): string {
  const r = RANGES[setting];
  return `${setting} must be a number from ${r.min} to ${r.max} ${r.unit}`;
}
