/**
 * A target per metric and phase. A velocity zone of 0.85–1.0 m/s means nothing for torque, and a
 * concentric velocity target means nothing for the eccentric, so each (metric, phase) pair keeps
 * its own target value and drop; switching metric or phase shows that pair's band. The target
 * type (None, Threshold, Zone, Fatigue), the warmup and the rep goal are the set's, shared by all.
 *
 * Stored sparsely: a pair the user never set uses the product's default band.
 */
import { METRICS, type Metric } from '../engine/types';
import { bool, numberIn } from './check';
import { PHASES, type Phase } from './labels';

export interface TargetBand {
  targetValue: number;
  dropPercent: boolean;
  dropValue: number;
}

export type BandKey = `${Metric}.${Phase}`;
export type TargetBands = Partial<Record<BandKey, TargetBand>>;

export const DEFAULT_BAND: Readonly<TargetBand> = Object.freeze({ targetValue: 0.9, dropPercent: true, dropValue: 0 });

export function bandKey(metric: Metric, phase: Phase): BandKey {
  return `${metric}.${phase}`;
}

export function bandFor(bands: TargetBands, metric: Metric, phase: Phase): TargetBand {
  return bands[bandKey(metric, phase)] ?? DEFAULT_BAND;
}

export function withBand(bands: TargetBands, metric: Metric, phase: Phase, band: TargetBand): TargetBands {
  return { ...bands, [bandKey(metric, phase)]: { ...band } };
}

const KEYS = new Set<string>(METRICS.flatMap((metric) => PHASES.map((phase) => bandKey(metric, phase))));

/** Throws an Error naming the first bad field. */
export function validateBand(band: TargetBand, where = 'target'): TargetBand {
  numberIn(`${where}: targetValue`, band.targetValue, 0);
  bool(`${where}: dropPercent`, band.dropPercent);
  numberIn(`${where}: dropValue`, band.dropValue, 0, band.dropPercent ? 100 : Number.POSITIVE_INFINITY);
  return band;
}

export function validateBands(bands: unknown): TargetBands {
  if (typeof bands !== 'object' || bands === null || Array.isArray(bands)) throw new Error('bands must be an object of metric.phase targets');
  for (const [key, band] of Object.entries(bands)) {
    if (!KEYS.has(key)) throw new Error(`bands: unknown metric and phase "${key}"`);
    if (typeof band !== 'object' || band === null) throw new Error(`bands.${key} must be an object`);
    validateBand(band as TargetBand, `bands.${key}`);
  }
  return bands as TargetBands;
}
