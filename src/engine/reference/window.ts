/**
 * Smoothed power, what a phase's peak power is the peak of (`engine-rs/src/window.rs`, module
 * doc): power averaged over blocks of grid points, missed encoder counts repaired, low-passed by
 * two quartic Savitzky–Golay fits within each phase's own movement.
 */
import { PEAK_POWER_HALF_WIDTHS_S, PEAK_POWER_LAG, PEAK_POWER_LONG_PHASE_S, PEAK_POWER_MAX_HALF_WIDTH, PEAK_POWER_MIN_SEGMENT, PEAK_POWER_RATE_HZ } from './constants';
import { dot, polynomialWeights } from './leastSquares';

/** One value of a fit: centred on grid point `centre`, known from grid point `arrival` on. */
export interface Smoothed {
  centre: number;
  arrival: number;
  value: number;
}

/** What the fits run on, per grid point: power, moving or not, the filtered angle and its own rate (rad/s). */
export interface PowerPoints {
  power: readonly number[];
  moving: readonly boolean[];
  angleDeg: readonly number[];
  rate: readonly number[];
}

/** Grid points per block at `hz`: hz / PEAK_POWER_RATE_HZ rounded, at least 1. */
const blockPoints = (hz: number): number => Math.max(1, Math.round(hz / PEAK_POWER_RATE_HZ));

/** Half-widths of the two fits at `hz`, in blocks: PEAK_POWER_HALF_WIDTHS_S rounded, 2 (five blocks fix a quartic) to PEAK_POWER_MAX_HALF_WIDTH. */
const halfWidths = (hz: number): number[] =>
  PEAK_POWER_HALF_WIDTHS_S.map((h) => Math.min(PEAK_POWER_MAX_HALF_WIDTH, Math.max(2, Math.round(h * (hz / blockPoints(hz))))));

/** window.rs "Delay": points after a phase's last moving point by which every value centred in it has come (two blocks). */
export const settlePoints = (hz: number): number => 2 * blockPoints(hz);

/** The fit a phase of `durationS` takes its peak power from: the long one from PEAK_POWER_LONG_PHASE_S on. */
export const streamFor = (durationS: number): number => (durationS >= PEAK_POWER_LONG_PHASE_S ? 1 : 0);

/** A block: its first and last grid points, its mean power, and its segment's key. */
interface Block {
  first: number;
  last: number;
  power: number;
  key: string;
}

/**
 * window.rs "Phases": the key of a block's segment, from its last point: still, or moving with the
 * angle on one side of 0 and the disc turning one way (`segment_key`).
 */
const keyOf = (pts: PowerPoints, k: number): string => (pts.moving[k] ? `${pts.angleDeg[k]! < 0}${pts.rate[k]! < 0}` : 'still');

/** Whether a moving key is a pull's: |angle| falling, the angle and ω of opposite signs. */
const pulls = (key: string): boolean => key === 'truefalse' || key === 'falsetrue';

/**
 * window.rs, over the first `count` points of each grid segment: blocks of B consecutive points
 * (complete ones only, none across a segment start), each its mean power, grouped in segments of
 * one key; still segments get no value, nor do moving ones of fewer than PEAK_POWER_MIN_SEGMENT
 * blocks. Within a moving segment, missed counts are repaired block by block as they come
 * ({@link repair}); then fit j (half-width n, window L = 2n + 1 blocks) gives each block c the
 * value at c of the least-squares quartic over the window centred on it, or, within n of the
 * segment's start or end, over the segment's first or last window; a segment shorter than L, one
 * quartic over all its blocks. A value is centred on its block's middle point (the earlier of
 * two). When it is known ("Delay"): the fits take block q once block q + LAG has come (the
 * repair's reach), so a centred value comes with the last point of block c + n + LAG; the first
 * window's values off its centre when that window's last block is taken; the rest when the
 * segment ends (its blocks not yet taken then taken at once). A segment ends at the last point of
 * the next block of another key, at the first point of the next grid segment, or at the end of
 * data (`finished`, at `count`); values that come when it ends are known from the point after
 * (the engine hands them to the rep detector between that point and the next). A segment still
 * open at `count` has only the values taken by then.
 */
export function smoothedPower(pts: PowerPoints, gridSegments: readonly { from: number; to: number }[], count: number, finished: boolean, hz: number): Smoothed[][] {
  const points = blockPoints(hz);
  const widths = halfWidths(hz);
  const out: Smoothed[][] = widths.map(() => []);
  gridSegments.forEach(({ from, to }, g) => {
    const blocks: Block[] = [];
    for (let b = from; b + points <= Math.min(to, count); b += points) {
      const last = b + points - 1;
      blocks.push({ first: b, last, power: pts.power.slice(b, last + 1).reduce((a, p) => a + p, 0) / points, key: keyOf(pts, last) });
    }
    const nextGrid = gridSegments[g + 1]?.from;
    const gridEnd = nextGrid !== undefined && nextGrid < count ? nextGrid : finished ? count : null;
    for (let s = 0; s < blocks.length; ) {
      let e = s;
      while (e < blocks.length && blocks[e]!.key === blocks[s]!.key) e++;
      const ended = e < blocks.length ? blocks[e]!.last : gridEnd;
      if (blocks[s]!.key !== 'still') segmentValues(blocks.slice(s, e), ended, widths, points, out);
      s = e;
    }
  });
  return out;
}

/**
 * The values of each fit over one moving segment's `blocks` (see {@link smoothedPower}); `ended`:
 * the point at which the segment ended, null while it goes on.
 */
function segmentValues(blocks: readonly Block[], ended: number | null, widths: readonly number[], points: number, out: Smoothed[][]): void {
  const n = blocks.length;
  if (n < PEAK_POWER_MIN_SEGMENT) return;
  const power = blocks.map((b) => b.power);
  for (let q = 0; q < n; q++) repair(power, q, pulls(blocks[0]!.key));
  // Block q is taken with the last point of block q + LAG, or when the segment ends.
  const taken = (q: number) => (q + PEAK_POWER_LAG < n ? blocks[q + PEAK_POWER_LAG]!.last : ended);
  const afterEnd = ended === null ? null : ended + 1;
  widths.forEach((half, j) => {
    const window = 2 * half + 1;
    const size = Math.min(n, window);
    const weights = quarticWeights(size);
    for (let c = 0; c < n; c++) {
      const first = n < window ? 0 : Math.min(Math.max(c - half, 0), n - window);
      let arrival: number | null;
      if (n < window || c > n - 1 - half) arrival = afterEnd;
      else if (c >= half) arrival = c + half + PEAK_POWER_LAG < n ? taken(c + half) : afterEnd;
      else arrival = taken(window - 1) === null ? null : taken(window - 1)! + 1;
      if (arrival === null) continue;
      const value = dot(weights[c - first]!, power.slice(first, first + size));
      out[j]!.push({ centre: blocks[c]!.first + Math.floor((points - 1) / 2), arrival, value });
    }
  });
}

/** For each position of a window of `size` equally spaced blocks, the weights giving the least-squares quartic through them there. */
function quarticWeights(size: number): number[][] {
  const x = Array.from({ length: size }, (_, i) => i - (size - 1) / 2);
  return polynomialWeights(x, 4, x);
}

/** window.rs "Power 0 but for rounding" (`ROUNDING`): a block within this of the largest |power| within the repair's reach is 0. */
const REPAIR_ROUNDING = 1e-9;

/**
 * window.rs "Missed encoder counts" (`repair`), as block `q` of a segment comes: when its power is
 * positive after blocks against the phase's direction (a pull's power is positive, a release's
 * negative) among the last LAG + 1 blocks, the stretch from it back to the first block from which
 * the phase's direction holds in sum again (back past the latest block against it) gets that
 * stretch's mean power throughout. "Power 0 but for rounding": a block within `zero`
 * (REPAIR_ROUNDING of the largest |power| among those blocks) of 0 is 0, neither positive nor
 * against, and a sum of k blocks within k·`zero` of 0 holds.
 */
function repair(power: number[], q: number, pull: boolean): void {
  const sign = pull ? 1 : -1;
  const reach = Math.min(q + 1, PEAK_POWER_LAG + 1);
  const zero = REPAIR_ROUNDING * Math.max(...power.slice(q + 1 - reach, q + 1).map(Math.abs));
  if (power[q]! <= zero) return;
  let against = -1;
  for (let k = 0; k < reach && against < 0; k++) if (sign * power[q - k]! < -zero) against = k;
  if (against < 0) return;
  let sum = 0;
  for (let k = 0; k < reach; k++) {
    sum += sign * power[q - k]!;
    if (k >= against && sum >= -zero * (k + 1)) {
      const mean = (sign * sum) / (k + 1);
      for (let i = 0; i <= k; i++) power[q - i] = mean;
      return;
    }
  }
}

/**
 * The peak of each fit over a phase (reps.rs module doc, "Peak power"): the largest of its values
 * centred after the phase's start extreme `from` and at or before its end extreme `to`, known by
 * grid point `by`, signed by the phase's direction `own` (1 driving, −1 braking); 0 if none is larger.
 */
export function peaks(smoothed: readonly Smoothed[][], from: number, to: number, own: number, by: number): number[] {
  return smoothed.map((fit) => fit.reduce((peak, s) => (s.centre > from && s.centre <= to && s.arrival <= by && own * s.value > peak ? own * s.value : peak), 0));
}
