/**
 * Flywheel plates (docs/behaviour.md §3, §9): five sizes counted by integer tallies so the total inertia is
 * an exact sum of integers divided once by 100000 — adding 0.1 + 0.05 + … in floats would drift
 * (0.1 + 0.05 = 0.15000000000000002) and show up in the dialog and the CSV.
 */

/** Hidden tally step per plate size, largest first; kg·m² = step / 100000. */
export const PLATE_STEPS = [10000, 5000, 2500, 1250, 625] as const;
export const PLATE_SCALE = 100000;

/** Plate moment of inertia shown beside a stepper: the step divided by 100000. */
export function plateInertia(step: number): number {
  return step / PLATE_SCALE;
}

/** Checks a list of plate counts: one non-negative integer per size. */
export function assertPlateCounts(counts: readonly number[]): void {
  if (counts.length !== PLATE_STEPS.length) {
    throw new Error(`expected ${PLATE_STEPS.length} plate counts, got ${counts.length}`);
  }
  counts.forEach((count, i) => {
    if (!Number.isInteger(count) || count < 0) {
      throw new Error(`plate count ${i + 1} must be a non-negative integer, got ${count}`);
    }
  });
}

/** Total inertia of the plates in kg·m², the workout inertia. */
export function plateTotal(counts: readonly number[]): number {
  assertPlateCounts(counts);
  const tally = counts.reduce((sum, count, i) => sum + count * PLATE_STEPS[i], 0);
  return tally / PLATE_SCALE;
}
