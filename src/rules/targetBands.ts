/**
 * A target per metric and phase. A velocity zone of 0.85–1.0 m/s means nothing for torque, and a
 * concentric velocity target means nothing for the eccentric, so each (metric, phase) pair keeps
 * its own target value and drop; switching metric or phase shows that pair's band. The target
 * type (None, Threshold, Zone, Fatigue), the warmup and the rep goal are the set's, shared by all.
 *
 * A target the user never set does not exist: no made-up default judges a metric. Each part of a
 * pair's band is null until the user enters it, and a type judges a pair only once the parts it
 * needs are there (`bandIsSet`): Threshold its value, Zone its value and drop, Fatigue its drop.
 * Until then the pair is judged as with None (no band, every rep after the warmup valid).
 *
 * Stored sparsely: a pair with nothing set has no entry.
 */
import { METRICS, type Metric } from '../engine/types';
import { bool, numberIn } from './check';
import { PHASES, type Phase } from './labels';
import type { TargetType } from './target';

export interface TargetBand {
  /** Threshold's minimum and Zone's top, in the metric's unit; null until the user sets it. */
  targetValue: number | null;
  /** Zone's and Fatigue's drop, percent or the metric's unit; null until the user sets it. */
  dropValue: number | null;
  dropPercent: boolean;
}

export type BandKey = `${Metric}.${Phase}`;
export type TargetBands = Partial<Record<BandKey, TargetBand>>;

/** A pair the user has set nothing for. */
export const UNSET_BAND: Readonly<TargetBand> = Object.freeze({ targetValue: null, dropValue: null, dropPercent: true });

export function bandKey(metric: Metric, phase: Phase): BandKey {
  return `${metric}.${phase}`;
}

export function bandFor(bands: TargetBands, metric: Metric, phase: Phase): TargetBand {
  return bands[bandKey(metric, phase)] ?? UNSET_BAND;
}

/** `bands` with the pair's band replaced; a band with nothing set leaves the pair without one. */
export function withBand(bands: TargetBands, metric: Metric, phase: Phase, band: TargetBand): TargetBands {
  const { [bandKey(metric, phase)]: _old, ...rest } = bands;
  return band.targetValue === null && band.dropValue === null ? rest : { ...rest, [bandKey(metric, phase)]: { ...band } };
}

/** Whether `type` has in `band` what it judges by: Threshold a value, Zone a value and a drop, Fatigue a drop. */
export function bandIsSet(type: TargetType, band: TargetBand): boolean {
  switch (type) {
    case 'None':
      return false;
    case 'Threshold':
      return band.targetValue !== null;
    case 'Zone':
      return band.targetValue !== null && band.dropValue !== null;
    case 'Fatigue':
      return band.dropValue !== null;
  }
}

const KEYS = new Set<string>(METRICS.flatMap((metric) => PHASES.map((phase) => bandKey(metric, phase))));

/** Throws an Error naming the first bad field. */
export function validateBand(band: TargetBand, where = 'target'): TargetBand {
  if (band.targetValue !== null) numberIn(`${where}: targetValue`, band.targetValue, 0);
  bool(`${where}: dropPercent`, band.dropPercent);
  if (band.dropValue !== null) numberIn(`${where}: dropValue`, band.dropValue, 0, band.dropPercent ? 100 : Number.POSITIVE_INFINITY);
  return band;
}

/** Checks a stored or edited set of bands; a missing part reads as not set. */
export function validateBands(bands: unknown): TargetBands {
  if (typeof bands !== 'object' || bands === null || Array.isArray(bands)) throw new Error('targets must be an object of metric.phase targets');
  const out: TargetBands = {};
  for (const [key, band] of Object.entries(bands)) {
    if (!KEYS.has(key)) throw new Error(`targets: unknown metric and phase "${key}"`);
    if (typeof band !== 'object' || band === null) throw new Error(`targets.${key} must be an object`);
    const b = band as Partial<TargetBand>;
    out[key as BandKey] = validateBand({ targetValue: b.targetValue ?? null, dropValue: b.dropValue ?? null, dropPercent: b.dropPercent ?? true }, `targets.${key}`);
  }
  return out;
}

/**
 * Bands stored before targets could be unset (every part a number), as today's settings read:
 * what the user set is kept, the defaults the app wrote on its own are unset. Until then every
 * Save of the Target dialog wrote the band of the pair on screen whatever the user changed (a
 * warmup, the voice), with the defaults 0.9 and a 0 drop for a pair never set, so those numbers
 * are in most stores without anyone having chosen them. What can be told:
 * - a drop of 0 is unset: it makes a zone of no width and a Fatigue set that ends at its first
 *   slower rep, which no one sets;
 * - a value of 0.9 whose drop is unset is unset, except for the pair on screen (`shown`) under
 *   Threshold or Zone, where the user saw 0.9 in the value field and saved it;
 * - any other number is the user's.
 */
export function migrateStoredBands(stored: TargetBands, shown: { metric: Metric; phase: Phase; type: TargetType }): TargetBands {
  const seen = (shown.type === 'Threshold' || shown.type === 'Zone') && bandKey(shown.metric, shown.phase);
  const out: TargetBands = {};
  for (const [key, band] of Object.entries(stored) as [BandKey, TargetBand][]) {
    const dropValue = band.dropValue || null;
    const targetValue = band.targetValue === LEGACY_DEFAULT_VALUE && dropValue === null && key !== seen ? null : band.targetValue;
    if (targetValue !== null || dropValue !== null) out[key] = { targetValue, dropValue, dropPercent: band.dropPercent };
  }
  return out;
}

/** The target value the app used to give every pair the user had not set. */
const LEGACY_DEFAULT_VALUE = 0.9;
