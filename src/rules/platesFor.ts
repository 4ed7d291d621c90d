/** Plates for a wanted inertia, apart from rules/plates so that start-up does not carry it. */
import { PLATE_SCALE, PLATE_STEPS } from './plates';

/**
 * The plates closest to `inertia` kg·m²: the total rounded to the smallest plate, made of as few
 * plates as possible (the largest as often as needed, each smaller size at most once: the sizes
 * halve, so that reaches every multiple of the smallest).
 */
export function platesFor(inertia: number): number[] {
  const smallest = PLATE_STEPS[PLATE_STEPS.length - 1];
  let left = Math.max(0, Math.round((inertia * PLATE_SCALE) / smallest)) * smallest;
  return PLATE_STEPS.map((step, i) => {
    const count = i === 0 ? Math.floor(left / step) : Math.min(1, Math.floor(left / step));
    left -= count * step;
    return count;
  });
}
