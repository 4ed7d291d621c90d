/**
 * Smoothed power, what a phase's peak power is the peak of (`engine-rs/src/window.rs`, module
 * doc): power averaged over blocks of grid points, low-passed by two centred quartic
 * Savitzky–Golay fits.
 */
import { PEAK_POWER_HALF_WIDTHS_S, PEAK_POWER_LONG_PHASE_S, PEAK_POWER_MAX_HALF_WIDTH, PEAK_POWER_RATE_HZ } from './constants';
import { dot, polynomialWeights } from './leastSquares';

/** One value of a fit: centred on grid point `centre`, known from grid point `arrival` on. */
export interface Smoothed {
  centre: number;
  arrival: number;
  value: number;
}

/** Grid points per block at `hz`: hz / PEAK_POWER_RATE_HZ rounded, at least 1. */
const blockPoints = (hz: number): number => Math.max(1, Math.round(hz / PEAK_POWER_RATE_HZ));

/** Half-widths of the two fits at `hz`, in blocks: PEAK_POWER_HALF_WIDTHS_S rounded, 2 (five blocks fix a quartic) to PEAK_POWER_MAX_HALF_WIDTH. */
const halfWidths = (hz: number): number[] =>
  PEAK_POWER_HALF_WIDTHS_S.map((h) => Math.min(PEAK_POWER_MAX_HALF_WIDTH, Math.max(2, Math.round(h * (hz / blockPoints(hz))))));

/**
 * How many points after its centre each fit's value is known: n blocks after its block and the
 * rest of that block, from the middle point (the earlier of two).
 */
export const arrivalDelays = (hz: number): number[] => {
  const points = blockPoints(hz);
  return halfWidths(hz).map((n) => n * points + (points - 1) - Math.floor((points - 1) / 2));
};

/** The fit a phase of `durationS` takes its peak power from: the long one from PEAK_POWER_LONG_PHASE_S on. */
export const streamFor = (durationS: number): number => (durationS >= PEAK_POWER_LONG_PHASE_S ? 1 : 0);

/**
 * window.rs, per segment of the first `count` points: block b is the segment's points
 * [bB, (b + 1)·B) (complete blocks only, none across a segment start), its value the mean power
 * of its points. Fit j's value for block c is the centre value of the least-squares quartic
 * through blocks c − n_j … c + n_j (only where the segment has them all). It is centred on block
 * c's middle point (the earlier of two) and known at the last point of block c + n_j.
 */
export function smoothedPower(power: readonly number[], segments: readonly { from: number; to: number }[], count: number, hz: number): Smoothed[][] {
  const points = blockPoints(hz);
  return halfWidths(hz).map((n) => {
    const [weights] = polynomialWeights(Array.from({ length: 2 * n + 1 }, (_, i) => i - n), 4, [0]) as [number[]];
    const out: Smoothed[] = [];
    for (const { from, to } of segments) {
      const blocks: number[] = [];
      for (let b = from; b + points <= Math.min(to, count); b += points) blocks.push(power.slice(b, b + points).reduce((a, p) => a + p, 0) / points);
      for (let c = n; c + n < blocks.length; c++) {
        const first = from + c * points;
        out.push({ centre: first + Math.floor((points - 1) / 2), arrival: from + (c + n + 1) * points - 1, value: dot(weights, blocks.slice(c - n, c + n + 1)) });
      }
    }
    return out;
  });
}

/**
 * The peak of each fit over a phase (reps.rs module doc, "Peak power"): the largest of its values
 * centred after the phase's start extreme `from` and at or before its end extreme `to`, known by
 * grid point `by`, signed by the phase's direction `own` (1 driving, −1 braking); 0 if none is larger.
 */
export function peaks(smoothed: readonly Smoothed[][], from: number, to: number, own: number, by: number): number[] {
  return smoothed.map((fit) => fit.reduce((peak, s) => (s.centre > from && s.centre <= to && s.arrival <= by && own * s.value > peak ? own * s.value : peak), 0));
}
