/**
 * Reference port of `engine-rs/src/savgol.rs` (which documents the filter): a centred quadratic
 * Savitzky–Golay fit over 2m + 1 grid points, streamed with running moments and a delay of m
 * points; a segment's first and last m points take the fit of its first or last full window:
 * the parabola's value at their position and the line's slope (the rate at the window's centre).
 * Same arithmetic in the same order as the Rust code.
 *
 * The window is a ring of Float64Array columns (the grid points' values side by side), and the
 * points a block of grid points completes come out as columns too ({@link Filtered}).
 */
import type { Grid } from './resample';

/** The moments are summed afresh every this many windows' worth of points (savgol.rs). */
const RESUM_WINDOWS = 4;

/**
 * The filtered points one call emitted, in order, as columns (rust: the block's `angle_deg`,
 * `slope`, `smooth_omega` and `smooth_alpha`, beside the grid point's own values). A call emits
 * at most the points it was given and the 2m the filter held before.
 */
export class Filtered {
  len = 0;
  readonly timeUs: Float64Array;
  /** The resampled angle (what edges.ts fits), degrees. */
  readonly rawDeg: Float64Array;
  /** 1 at a segment's first point. */
  readonly first: Uint8Array;
  /** Smoothed angle, degrees, and its rate, degrees per grid step. */
  readonly angle: Float64Array;
  readonly slope: Float64Array;
  /** The device's ω (rad/s) and α (rad/s²), smoothed once `smoothRates()` is on. */
  readonly omega: Float64Array;
  readonly alpha: Float64Array;

  constructor(capacity: number) {
    this.timeUs = new Float64Array(capacity);
    this.rawDeg = new Float64Array(capacity);
    this.first = new Uint8Array(capacity);
    this.angle = new Float64Array(capacity);
    this.slope = new Float64Array(capacity);
    this.omega = new Float64Array(capacity);
    this.alpha = new Float64Array(capacity);
  }
}

/** Quadratic fit a + b·x + c·x² from centred moments (Σv, Σx·v, Σx²·v) of `n` points. */
class Fit {
  private readonly k0: number;
  private readonly k2: number;
  private readonly c0: number;
  private readonly c2: number;
  private readonly invS2: number;

  constructor(n: number) {
    const half = (n - 1) / 2;
    let s2 = 0;
    let s4 = 0;
    for (let i = 0; i < n; i++) {
      const x = i - half;
      s2 += x * x;
      s4 += x * x * x * x;
    }
    const det = n * s4 - s2 * s2;
    // Fewer than three points cannot fix a parabola: a line through two, a constant for one.
    const quadratic = n >= 3;
    this.k0 = quadratic ? s4 / det : 1 / n;
    this.k2 = quadratic ? s2 / det : 0;
    this.c0 = quadratic ? s2 / det : 0;
    this.c2 = quadratic ? n / det : 0;
    this.invS2 = n >= 2 ? 1 / s2 : 0;
  }

  /** The parabola's value at centred position `x` (rust: `Fit::at(..).0`). */
  value(m: Moments, x: number): number {
    const a = this.k0 * m.m0 - this.k2 * m.m2;
    // At the centre the parabola's value is a (the common case, and exact).
    if (x === 0) return a;
    const b = m.m1 * this.invS2;
    const c = this.c2 * m.m2 - this.c0 * m.m0;
    return a + (b + c * x) * x;
  }

  /**
   * The slope of the least-squares line through the window (rust: `Fit::at(..).1`): the
   * parabola's slope at the centre, used at every position (off centre the parabola's own slope
   * is about 4 times noisier, see savgol.rs).
   */
  slope(m: Moments): number {
    return m.m1 * this.invS2;
  }
}

/** The three centred moments of a window of one channel. */
class Moments {
  m0 = 0;
  m1 = 0;
  m2 = 0;

  /** Sums afresh the `count` values of `ring` from slot `first` on (wrapping), at centred positions firstX, firstX + 1, … */
  sum(ring: Float64Array, first: number, count: number, firstX: number): void {
    this.m0 = 0;
    this.m1 = 0;
    this.m2 = 0;
    for (let i = 0, slot = first; i < count; i++, slot = slot + 1 === ring.length ? 0 : slot + 1) {
      const v = ring[slot]!;
      const x = i + firstX;
      this.m0 += v;
      this.m1 += x * v;
      this.m2 += x * x * v;
    }
  }

  /** Slides a window of half-width `m` by one point: `out` leaves, `x` enters. */
  slide(out: number, x: number, m: number): void {
    const s = m * out + (m + 1) * x;
    const m0 = this.m0 + (x - out);
    const shifted = this.m1 + s;
    this.m2 += (m + 1) * (m + 1) * x - m * m * out - 2 * shifted + m0;
    this.m1 += s - m0;
    this.m0 = m0;
  }
}

export class SavGol {
  /** The points the last {@link push} or {@link flush} emitted. */
  readonly out: Filtered;
  private readonly n: number;
  private readonly full: Fit;
  /** The window's points, a ring of columns: the buffered angle the fit runs on, and the grid point's own values. */
  private readonly values: Float64Array;
  private readonly timeUs: Float64Array;
  private readonly rawDeg: Float64Array;
  private readonly omegas: Float64Array;
  private readonly alphas: Float64Array;
  private readonly firsts: Uint8Array;
  /** Points of the current segment held, saturating past n; next write position. */
  private count = 0;
  private head = 0;
  /** Points pushed in the segment, modulo RESUM_WINDOWS windows' worth: the moments are summed afresh when it comes round to 0. */
  private phase = 0;
  private readonly angle = new Moments();
  private readonly omega = new Moments();
  private readonly alpha = new Moments();
  private withRates = false;

  /** A filter of half-width `m` for blocks of up to `capacity` grid points. */
  constructor(
    private readonly m: number,
    capacity: number,
  ) {
    this.n = 2 * m + 1;
    this.full = new Fit(this.n);
    this.values = new Float64Array(this.n);
    this.timeUs = new Float64Array(this.n);
    this.rawDeg = new Float64Array(this.n);
    this.omegas = new Float64Array(this.n);
    this.alphas = new Float64Array(this.n);
    this.firsts = new Uint8Array(this.n);
    this.out = new Filtered(capacity + this.n);
  }

  /** Also smooths the grid points' device ω and α (before the first push). */
  smoothRates(): void {
    this.withRates = true;
  }

  /** Filters `grid`'s points (their buffered angles written) and emits into {@link out} the points whose windows they complete. */
  filter(grid: Grid): void {
    this.out.len = 0;
    for (let k = 0; k < grid.len; k++) this.push(grid, k);
  }

  /** Adds point `k` of `grid`; emits the points whose window is complete. */
  private push(grid: Grid, k: number): void {
    const first = grid.first[k] === 1;
    if (first) this.flushSegment();
    const { n, m, head } = this;
    const x = grid.buffered[k]!;
    const out = this.values[head]!;
    this.values[head] = x;
    this.timeUs[head] = grid.timeUs[k]!;
    this.rawDeg[head] = grid.rawDeg[k]!;
    this.firsts[head] = first ? 1 : 0;
    // Without device rates their columns stay 0 throughout (see `emit`).
    const { withRates } = this;
    const outOmega = this.omegas[head]!;
    const outAlpha = this.alphas[head]!;
    if (withRates) {
      this.omegas[head] = grid.omega[k]!;
      this.alphas[head] = grid.alpha[k]!;
    }
    this.head = head + 1 === n ? 0 : head + 1;
    this.count = Math.min(this.count + 1, n + 1);
    // A counter rather than a remainder: an integer division at every point is slow.
    this.phase = this.phase + 1 === RESUM_WINDOWS * n ? 0 : this.phase + 1;
    if (this.count < n) return;
    if (this.count === n || this.phase === 0) this.resum();
    else {
      this.angle.slide(out, x, m);
      if (withRates) {
        this.omega.slide(outOmega, grid.omega[k]!, m);
        this.alpha.slide(outAlpha, grid.alpha[k]!, m);
      }
    }
    const centre = this.head + m < n ? this.head + m : this.head + m - n;
    if (this.count === n) {
      for (let x = -m; x < 0; x++) this.emit(this.full, x, (centre + x + n) % n);
    }
    this.emit(this.full, 0, centre);
  }

  /** Emits into {@link out} what the current segment still holds (end of data). */
  flush(): void {
    this.out.len = 0;
    this.flushSegment();
  }

  /** Emits what the current segment still holds (end of data or of a segment) and starts a new one. */
  private flushSegment(): void {
    const { n, m } = this;
    if (this.count >= n) {
      const centre = (this.head + m) % n;
      for (let x = 1; x <= m; x++) this.emit(this.full, x, (centre + x) % n);
    } else if (this.count > 0) {
      // A segment shorter than a window: one fit of all its points, slots 0 to count − 1.
      const count = this.count;
      const firstX = -(count - 1) / 2;
      this.angle.sum(this.values, 0, count, firstX);
      if (this.withRates) {
        this.omega.sum(this.omegas, 0, count, firstX);
        this.alpha.sum(this.alphas, 0, count, firstX);
      }
      const fit = new Fit(count);
      for (let i = 0; i < count; i++) this.emit(fit, i + firstX, i);
    }
    this.count = 0;
    this.head = 0;
    this.phase = 0;
  }

  /** Moments of the full window, summed afresh (oldest first), so rounding never builds up. */
  private resum(): void {
    this.angle.sum(this.values, this.head, this.n, -this.m);
    if (this.withRates) {
      this.omega.sum(this.omegas, this.head, this.n, -this.m);
      this.alpha.sum(this.alphas, this.head, this.n, -this.m);
    }
  }

  /** Appends to {@link out} the point in ring slot `i`, at centred position `x` of `fit`. */
  private emit(fit: Fit, x: number, i: number): void {
    const f = this.out;
    const k = f.len++;
    f.timeUs[k] = this.timeUs[i]!;
    f.rawDeg[k] = this.rawDeg[i]!;
    f.first[k] = this.firsts[i]!;
    f.angle[k] = fit.value(this.angle, x);
    f.slope[k] = fit.slope(this.angle);
    // Without device rates (`smoothRates()` off) the ring's rates and these columns stay 0.
    if (this.withRates) {
      f.omega[k] = fit.value(this.omega, x);
      f.alpha[k] = fit.value(this.alpha, x);
    }
  }
}
