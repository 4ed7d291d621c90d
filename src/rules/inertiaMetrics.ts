/**
 * Which metrics need the flywheel's inertia. Torque is I·α, tangential force is torque over the
 * radius, power is torque times ω, and net force carries the rope's tension |F|: with no plates
 * chosen (inertia 0) they would read 0.00, or net force the body's weight alone, which looks like
 * a measurement and is not one. The screen shows "–" and asks for the plates instead. Velocity,
 * acceleration and linear force come from the rope's motion and the body mass alone.
 *
 * The same holds for every figure made from power: a phase's peak power and its work, a rep's
 * eccentric/concentric power ratios, a set's work and eccentric overload. At inertia 0 they are
 * "–" in a table, empty cells in a CSV and `null` in the batch command's JSON, never 0.
 */
import type { Metric, PhaseSummary } from '../engine/types';

const INERTIA_METRIC_NAMES = ['torque', 'force', 'power', 'netForce'] as const satisfies readonly Metric[];
/** The figures of a rep's phase (the engine's phase summary) that need the inertia: the inertia metrics' means, peak power and work. */
const INERTIA_FIGURE_NAMES = [...INERTIA_METRIC_NAMES, 'peakPower', 'work'] as const satisfies readonly (keyof PhaseSummary)[];

export type InertiaFigure = (typeof INERTIA_FIGURE_NAMES)[number];

export const INERTIA_METRICS: ReadonlySet<Metric> = new Set<Metric>(INERTIA_METRIC_NAMES);
export const INERTIA_FIGURES: ReadonlySet<keyof PhaseSummary> = new Set<keyof PhaseSummary>(INERTIA_FIGURE_NAMES);

/** True when `metric` cannot be shown because no plates are chosen. */
export function lacksInertia(metric: Metric, inertia: number): boolean {
  return inertia === 0 && INERTIA_METRICS.has(metric);
}

/** A phase's figures as they can be shown: those that need the inertia may be null. */
export type ShownPhase = Omit<PhaseSummary, InertiaFigure> & { [K in InertiaFigure]: number | null };

const NO_INERTIA_FIGURES = Object.freeze(Object.fromEntries(INERTIA_FIGURE_NAMES.map((name) => [name, null]))) as { [K in InertiaFigure]: null };

/** A phase figure as it can be shown: null when it needs the inertia and the inertia is 0. */
export function phaseFigure(phase: PhaseSummary, key: keyof PhaseSummary, inertia: number): number | null {
  return inertia === 0 && INERTIA_FIGURES.has(key) ? null : phase[key];
}

/** A phase as it can be shown: itself, or at inertia 0 a copy whose figures that need the inertia are null. */
export function shownPhase(phase: PhaseSummary, inertia: number): ShownPhase {
  return inertia === 0 ? { ...phase, ...NO_INERTIA_FIGURES } : phase;
}

/** A figure made from power (a ratio, a set's work or overload) as it can be shown: null at inertia 0. */
export function powerFigure(value: number, inertia: number): number | null {
  return inertia === 0 ? null : value;
}
