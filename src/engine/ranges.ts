/**
 * The engine's facts about its settings, as it defines them (engine-rs/src/settings.rs, exported
 * to pkg/settings.json by the engine build): the default of each setting, the plausible range of
 * each physical one, the warmup reps a set may start with, and the largest sample value it takes. A plain JSON import, so the settings
 * screen, the stored-settings check and the sample stream use them before the engine itself has
 * loaded; the engine refuses the same values with the same words.
 */
import facts from '../../pkg/settings.json';
import type { EngineSettings } from './types';

export interface Range {
  min: number;
  max: number;
  unit: string;
}

export type RangedSetting = keyof typeof facts.ranges;

export const RANGES: Readonly<Record<RangedSetting, Range>> = facts.ranges;

/** The engine's default settings (the documented defaults; inertia 0 until plates are chosen). */
export const ENGINE_DEFAULTS: Readonly<EngineSettings> = Object.freeze({ ...facts.defaults });

/** The warmup reps a set may start with, every whole number from the lowest to the highest. */
export const WARMUP_CHOICES: readonly number[] = Array.from({ length: facts.warmup.max - facts.warmup.min + 1 }, (_, i) => facts.warmup.min + i);

/** Why the sampling rate's range ends where it does (engine-rs/src/settings.rs, HZ_REASON), for messages that refuse a rate. */
export const HZ_REASON: string = facts.hzReason;

/** Largest |time| (µs) or |angle| (°) the engine takes: beyond it a sample is not a measurement. */
export const MAX_SAMPLE_VALUE: number = facts.maxSampleValue;

/** How far (°) the rope travels, at the least, in each phase of a rep (engine-rs/src/settings.rs, REP_TRAVEL_DEG). */
export const REP_TRAVEL_DEG: number = facts.repTravelDeg;

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
