/**
 * Display strings of docs/behaviour.md §9 in one place: metric labels with units, the boost option labels and
 * the two-decimal value format shared by the table, chart, cards and voice.
 */
import type { Metric } from '../engine/types';

export const METRIC_LABELS: Readonly<Record<Metric, string>> = {
  velocity: 'Velocity (m/s)',
  acceleration: 'Acceleration (m/s²)',
  torque: 'Torque (N·m)',
  force: 'Tangential Force (N)',
  linearForce: 'Linear Force (N)',
  netForce: 'Net Force (N)',
  power: 'Power (W)',
};

export const METRIC_UNITS: Readonly<Record<Metric, string>> = {
  velocity: 'm/s',
  acceleration: 'm/s²',
  torque: 'N·m',
  force: 'N',
  linearForce: 'N',
  netForce: 'N',
  power: 'W',
};

export const PHASES = ['concentric', 'eccentric'] as const;
export type Phase = (typeof PHASES)[number];

export const PHASE_LABELS: Readonly<Record<Phase, string>> = {
  concentric: 'Concentric',
  eccentric: 'Eccentric',
};

/** docs/behaviour.md §9: values show 2 decimals. */
export function fixed2(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`cannot show a non-finite value (${value})`);
  return value.toFixed(2);
}

/**
 * A metric's value as shown (docs/behaviour.md §9): three or four significant figures, two
 * decimals below 10, one below 100, none from 100 ("0.93 m/s", "45.7 N·m", "1276 W"): a power
 * or a force to the hundredth of a watt or newton is noise, a velocity to the hundredth is not.
 */
export function figure(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`cannot show a non-finite value (${value})`);
  return value.toFixed(figureDecimals(value));
}

/** Decimals `figure` gives a value of this size. */
export function figureDecimals(value: number): number {
  const size = Math.abs(value);
  return size < 10 ? 2 : size < 100 ? 1 : 0;
}

/** docs/behaviour.md §2: boost option 0 is shown as Off, the others as a percentage. */
export function boostLabel(percent: number): string {
  return percent === 0 ? 'Off' : `${percent}%`;
}

/** "1 rep", "0 reps", "6 reps". */
export function repsText(count: number): string {
  return `${count} rep${count === 1 ? '' : 's'}`;
}
