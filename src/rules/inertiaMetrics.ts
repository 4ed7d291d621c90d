/**
 * Which metrics need the flywheel's inertia. Torque is I·α, tangential force is torque over the
 * radius, power is torque times ω, and net force carries the rope's tension |F|: with no plates
 * chosen (inertia 0) they would read 0.00, or net force the body's weight alone, which looks like
 * a measurement and is not one. The screen shows "–" and asks for the plates instead. Velocity,
 * acceleration and linear force come from the rope's motion and the body mass alone.
 */
import type { Metric } from '../engine/types';

export const INERTIA_METRICS: ReadonlySet<Metric> = new Set<Metric>(['torque', 'force', 'power', 'netForce']);

/** True when `metric` cannot be shown because no plates are chosen. */
export function lacksInertia(metric: Metric, inertia: number): boolean {
  return inertia === 0 && INERTIA_METRICS.has(metric);
}
