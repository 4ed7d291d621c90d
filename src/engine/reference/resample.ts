/**
 * Reference port of `engine-rs/src/resample.rs`: sample acceptance and linear interpolation
 * onto the grid origin + k·step µs, one sample in, the grid points up to it out. The same
 * arithmetic in the same order as the Rust code, so the two agree to the last bit or nearly.
 *
 * Grid points go into the columns of a {@link Grid}, a block at a time (rust: `GridBlock`, and
 * `Resampler::fill`), not into an object per point.
 */
import * as constants from './constants';

// Imported values read once, into module constants: vitest, which runs this port for the tests and
// the benchmark, turns every use of an imported binding into a getter call (see ../README.md).
const { MAX_GAP_US, MAX_SAMPLE_VALUE, MIN_STEP_US } = constants;

/**
 * A block of grid points as columns, row k being one point; the smoothing buffer adds its
 * column (rust: `GridBlock`, without the history the Rust filter reads back: savgol.ts keeps
 * its window in a ring of its own).
 */
export class Grid {
  len = 0;
  /** Grid time, µs. */
  readonly timeUs: Float64Array;
  /** Resampled angle, degrees. */
  readonly rawDeg: Float64Array;
  /** The device's ω and α as means over the grid step ending here (left 0 in a session without them). */
  readonly omega: Float64Array;
  readonly alpha: Float64Array;
  /** 1 at the first point of a segment (session start or after a gap longer than MAX_GAP_US). */
  readonly first: Uint8Array;
  /** The smoothing buffer's angle, degrees (smooth.ts). */
  readonly buffered: Float64Array;

  constructor(readonly capacity: number) {
    this.timeUs = new Float64Array(capacity);
    this.rawDeg = new Float64Array(capacity);
    this.omega = new Float64Array(capacity);
    this.alpha = new Float64Array(capacity);
    this.first = new Uint8Array(capacity);
    this.buffered = new Float64Array(capacity);
  }
}

/** Input samples as columns; the device's rates only when used (rust: `Columns`). */
export interface Columns {
  timeUs: ArrayLike<number>;
  angleDeg: ArrayLike<number>;
  omega: ArrayLike<number> | undefined;
  alpha: ArrayLike<number> | undefined;
}

/** Finite and within MAX_SAMPLE_VALUE (NaN compares false). */
const plausible = (timeUs: number, angleDeg: number, omega: number, alpha: number): boolean =>
  Math.abs(timeUs) <= MAX_SAMPLE_VALUE && Math.abs(angleDeg) <= MAX_SAMPLE_VALUE && Math.abs(omega) <= MAX_SAMPLE_VALUE && Math.abs(alpha) <= MAX_SAMPLE_VALUE;

export class Resampler {
  private held = 0;
  /** Left end of the interpolation interval (`left`), the last accepted sample (`last`), and last − left (`delta`). */
  private leftTimeUs = 0;
  private leftAngleDeg = 0;
  private leftOmega = 0;
  private leftAlpha = 0;
  private lastTimeUs = 0;
  private lastAngleDeg = 0;
  private lastOmega = 0;
  private lastAlpha = 0;
  private deltaTimeUs = 0;
  private deltaAngleDeg = 0;
  private deltaOmega = 0;
  private deltaAlpha = 0;
  private invSpan = 0;
  private originUs = 0;
  private k = 0;
  private nextUs = 0;
  /** ∫ω dt and ∫α dt from the segment start to `left`, to `last`, and to the last grid point. */
  private integralLeftOmega = 0;
  private integralLeftAlpha = 0;
  private integralLastOmega = 0;
  private integralLastAlpha = 0;
  private integralGridOmega = 0;
  private integralGridAlpha = 0;

  /** Grid points a second (1e6 / step), by which a step's integral of a rate becomes its mean. */
  private readonly invStepS: number;
  /** Whether the samples carry device rates; without them ω and α stay 0 and are not interpolated (rust: `RATES`). */
  private withRates = false;

  constructor(private readonly stepUs: number) {
    this.invStepS = 1e6 / stepUs;
  }

  /** Interpolates the samples' device ω and α too (before the first sample). */
  useRates(): void {
    this.withRates = true;
  }

  /**
   * Offers samples `from`… of `input` and appends the grid points they complete to `grid` until
   * it is full or the samples run out; returns the index of the next sample to offer, and counts
   * the samples dropped in `counts.skipped`. Points still due when the grid is full (a sample
   * after a long interval completes many) come first in the next call.
   */
  fill(input: Columns, from: number, grid: Grid, counts: { skipped: number }): number {
    const { timeUs, angleDeg, omega, alpha } = input;
    const n = timeUs.length;
    let i = from;
    for (;;) {
      while (grid.len < grid.capacity && this.nextPoint(grid)) {
        // appended
      }
      if (grid.len === grid.capacity || i === n) return i;
      if (!this.offer(timeUs[i]!, angleDeg[i]!, omega === undefined ? 0 : omega[i]!, alpha === undefined ? 0 : alpha[i]!)) counts.skipped += 1;
      i += 1;
    }
  }

  /** False (and nothing changes) for a non-finite sample or one whose time does not increase. */
  offer(timeUs: number, angleDeg: number, omega: number, alpha: number): boolean {
    if (!plausible(timeUs, angleDeg, omega, alpha) || (this.held > 0 && !(timeUs - this.lastTimeUs >= MIN_STEP_US))) return false;
    if (this.held > 0 && timeUs - this.lastTimeUs <= MAX_GAP_US) {
      // The last sample becomes the interval's left end.
      this.leftTimeUs = this.lastTimeUs;
      this.leftAngleDeg = this.lastAngleDeg;
      this.leftOmega = this.lastOmega;
      this.leftAlpha = this.lastAlpha;
      this.deltaTimeUs = timeUs - this.leftTimeUs;
      this.deltaAngleDeg = angleDeg - this.leftAngleDeg;
      this.deltaOmega = omega - this.leftOmega;
      this.deltaAlpha = alpha - this.leftAlpha;
      this.invSpan = 1 / this.deltaTimeUs;
      this.held = 2;
      if (this.withRates) {
        const halfSpanS = 0.5e-6 * this.deltaTimeUs;
        this.integralLeftOmega = this.integralLastOmega;
        this.integralLeftAlpha = this.integralLastAlpha;
        this.integralLastOmega = this.integralLeftOmega + halfSpanS * (this.leftOmega + omega);
        this.integralLastAlpha = this.integralLeftAlpha + halfSpanS * (this.leftAlpha + alpha);
      }
    } else {
      this.held = 1;
      this.originUs = timeUs;
      this.k = 0;
      this.nextUs = timeUs;
      this.integralLastOmega = 0;
      this.integralLastAlpha = 0;
    }
    this.lastTimeUs = timeUs;
    this.lastAngleDeg = angleDeg;
    this.lastOmega = omega;
    this.lastAlpha = alpha;
    return true;
  }

  /** Appends the next grid point up to the last offered sample to `grid` (which has room); false once caught up. */
  nextPoint(grid: Grid): boolean {
    const t = this.nextUs;
    if (this.held < 2 || t > this.lastTimeUs) return false;
    // t lies in (left, last] (in [left, last] for a segment's first point): frac is within
    // [0, 1] but for a last-bit rounding (see resample.rs for why it is not clamped).
    const frac = (t - this.leftTimeUs) * this.invSpan;
    const first = this.k === 0;
    const k = grid.len++;
    grid.timeUs[k] = t;
    grid.rawDeg[k] = this.leftAngleDeg + this.deltaAngleDeg * frac;
    grid.first[k] = first ? 1 : 0;
    if (this.withRates) this.stepMeans(grid, k, frac, first);
    this.k += 1;
    this.nextUs = this.originUs + this.k * this.stepUs;
    return true;
  }

  /**
   * Writes the device's ω and α of grid point `k`, at `frac` of the interval: their means over
   * the grid step ending there (see resample.rs), from the trapezoid under the interpolated
   * rate; a segment's first point, with no step before it, takes the interpolated values.
   */
  private stepMeans(grid: Grid, k: number, frac: number, first: boolean): void {
    let omega = this.leftOmega + this.deltaOmega * frac;
    let alpha = this.leftAlpha + this.deltaAlpha * frac;
    const halfS = 0.5e-6 * frac * this.deltaTimeUs;
    const integralOmega = this.integralLeftOmega + halfS * (this.leftOmega + omega);
    const integralAlpha = this.integralLeftAlpha + halfS * (this.leftAlpha + alpha);
    if (!first) {
      omega = (integralOmega - this.integralGridOmega) * this.invStepS;
      alpha = (integralAlpha - this.integralGridAlpha) * this.invStepS;
    }
    this.integralGridOmega = integralOmega;
    this.integralGridAlpha = integralAlpha;
    grid.omega[k] = omega;
    grid.alpha[k] = alpha;
  }
}
