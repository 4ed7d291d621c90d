/**
 * Reference port of `engine-rs/src/savgol.rs` (which documents the filter): a centred quadratic
 * Savitzky–Golay fit over 2m + 1 grid points, streamed with running moments and a delay of m
 * points; a segment's first and last m points take the fit of its first or last full window:
 * the parabola's value at their position and the line's slope (the rate at the window's centre).
 * Same arithmetic in the same order as the Rust code.
 */
import type { GridPoint } from './resample';

export interface Filtered {
  g: GridPoint;
  /** Smoothed angle, degrees. */
  angle: number;
  /** Its rate, degrees per grid step. */
  slope: number;
  /** The device's ω (rad/s) and α (rad/s²), smoothed once `smoothRates()` is on. */
  omega: number;
  alpha: number;
}

/** Quadratic fit a + b·x + c·x² from centred moments (Σv, Σx·v, Σx²·v) of `n` points. */
class Fit {
  readonly s2: number;
  private readonly k0: number;
  private readonly k2: number;
  private readonly c0: number;
  private readonly c2: number;
  private readonly invS2: number;

  constructor(readonly n: number) {
    const half = (n - 1) / 2;
    let s2 = 0;
    let s4 = 0;
    for (let i = 0; i < n; i++) {
      const x = i - half;
      s2 += x * x;
      s4 += x * x * x * x;
    }
    this.s2 = s2;
    const det = n * s4 - s2 * s2;
    // Fewer than three points cannot fix a parabola: a line through two, a constant for one.
    const quadratic = n >= 3;
    this.k0 = quadratic ? s4 / det : 1 / n;
    this.k2 = quadratic ? s2 / det : 0;
    this.c0 = quadratic ? s2 / det : 0;
    this.c2 = quadratic ? n / det : 0;
    this.invS2 = n >= 2 ? 1 / s2 : 0;
  }

  /**
   * (value, slope) at centred position `x`: the parabola's value, and the slope of the
   * least-squares line through the window (the parabola's slope at the centre; off centre the
   * parabola's own slope is about 4 times noisier, see savgol.rs).
   */
  at(m0: number, m1: number, m2: number, x: number): [number, number] {
    const a = this.k0 * m0 - this.k2 * m2;
    const b = m1 * this.invS2;
    // At the centre the parabola's value is a (the common case, and exact).
    if (x === 0) return [a, b];
    const c = this.c2 * m2 - this.c0 * m0;
    return [a + (b + c * x) * x, b];
  }
}

/** The three centred moments of a window of one channel. */
class Moments {
  constructor(
    public m0 = 0,
    public m1 = 0,
    public m2 = 0,
  ) {}

  /** Moments of `values` at centred positions firstX, firstX + 1, … */
  static of(values: number[], firstX: number): Moments {
    const s = new Moments();
    values.forEach((v, i) => {
      const x = i + firstX;
      s.m0 += v;
      s.m1 += x * v;
      s.m2 += x * x * v;
    });
    return s;
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

  clone(): Moments {
    return new Moments(this.m0, this.m1, this.m2);
  }
}

export class SavGol {
  private readonly n: number;
  private readonly full: Fit;
  private readonly values: Float64Array;
  private readonly points: (GridPoint | undefined)[];
  /** Points of the current segment held, saturating past n; next write position. */
  private count = 0;
  private head = 0;
  /** Points pushed in the segment: the moments are summed afresh every 4 windows' worth (savgol.rs RESUM_WINDOWS). */
  private pushed = 0;
  private angle = new Moments();
  private rates = [new Moments(), new Moments()];
  private withRates = false;

  constructor(private readonly m: number) {
    this.n = 2 * m + 1;
    this.full = new Fit(this.n);
    this.values = new Float64Array(this.n);
    this.points = new Array<GridPoint | undefined>(this.n);
  }

  /** Also smooths the grid points' device ω and α (before the first push). */
  smoothRates(): void {
    this.withRates = true;
  }

  /** Adds a grid point and its buffered angle; emits the points whose window is complete. */
  push(g: GridPoint, x: number, emit: (f: Filtered) => void): void {
    if (g.first) this.flush(emit);
    const { n, m } = this;
    const out = this.values[this.head]!;
    const old = this.points[this.head];
    const outRates = [old?.sample.omega ?? 0, old?.sample.alpha ?? 0];
    this.values[this.head] = x;
    this.points[this.head] = g;
    this.head = this.head + 1 === n ? 0 : this.head + 1;
    this.count = Math.min(this.count + 1, n + 1);
    this.pushed += 1;
    if (this.count < n) return;
    if (this.count === n || this.pushed % (4 * n) === 0) this.resum();
    else {
      this.angle.slide(out, x, m);
      if (this.withRates) {
        this.rates[0]!.slide(outRates[0]!, g.sample.omega, m);
        this.rates[1]!.slide(outRates[1]!, g.sample.alpha, m);
      }
    }
    const centre = (this.head + m) % n;
    if (this.count === n) {
      for (let x = -m; x < 0; x++) this.emit(this.full, this.angle, this.rates, x, (centre + x + n) % n, emit);
    }
    this.emit(this.full, this.angle, this.rates, 0, centre, emit);
  }

  /** Emits what the current segment still holds (end of data or of a segment). */
  flush(emit: (f: Filtered) => void): void {
    const { n, m } = this;
    if (this.count >= n) {
      const centre = (this.head + m) % n;
      for (let x = 1; x <= m; x++) this.emit(this.full, this.angle, this.rates, x, (centre + x) % n, emit);
    } else if (this.count > 0) {
      const count = this.count;
      const firstX = -(count - 1) / 2;
      const held = this.points.slice(0, count) as GridPoint[];
      const angle = Moments.of([...this.values.subarray(0, count)], firstX);
      const rates = this.withRates
        ? [Moments.of(held.map((p) => p.sample.omega), firstX), Moments.of(held.map((p) => p.sample.alpha), firstX)]
        : [new Moments(), new Moments()];
      const fit = new Fit(count);
      for (let i = 0; i < count; i++) this.emit(fit, angle, rates, i + firstX, i, emit);
    }
    this.count = 0;
    this.head = 0;
    this.pushed = 0;
  }

  /** Moments of the full window, summed afresh (oldest first), so rounding never builds up. */
  private resum(): void {
    const order = Array.from({ length: this.n }, (_, i) => (this.head + i) % this.n);
    this.angle = Moments.of(order.map((i) => this.values[i]!), -this.m);
    if (this.withRates) {
      this.rates = [
        Moments.of(order.map((i) => this.points[i]!.sample.omega), -this.m),
        Moments.of(order.map((i) => this.points[i]!.sample.alpha), -this.m),
      ];
    }
  }

  private emit(fit: Fit, angle: Moments, rates: Moments[], x: number, i: number, emit: (f: Filtered) => void): void {
    const g = this.points[i]!;
    const [angleDeg, slope] = fit.at(angle.m0, angle.m1, angle.m2, x);
    const [r0, r1] = rates as [Moments, Moments];
    const omega = this.withRates ? fit.at(r0.m0, r0.m1, r0.m2, x)[0] : g.sample.omega;
    const alpha = this.withRates ? fit.at(r1.m0, r1.m1, r1.m2, x)[0] : g.sample.alpha;
    emit({ g, angle: angleDeg, slope, omega, alpha });
  }
}
