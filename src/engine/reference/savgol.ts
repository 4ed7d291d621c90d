/**
 * Reference port of `engine-rs/src/savgol.rs` (which documents the filter): a centred quadratic
 * Savitzky–Golay fit over 2m + 1 grid points, streamed with running moments and a delay of m
 * points; segment edges take the fit of the first or last full window. Same arithmetic in the
 * same order as the Rust code.
 */
import type { GridPoint } from './resample';

export interface Filtered {
  g: GridPoint;
  /** The angle that went in (buffered), degrees. */
  raw: number;
  /** Smoothed angle, degrees. */
  angle: number;
  /** Its rate, degrees per grid step. */
  slope: number;
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

  /** (value, slope) at centred position `x`. */
  at(m0: number, m1: number, m2: number, x: number): [number, number] {
    const a = this.k0 * m0 - this.k2 * m2;
    const b = m1 * this.invS2;
    const c = this.c2 * m2 - this.c0 * m0;
    return [a + (b + c * x) * x, b + 2 * c * x];
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
  private m0 = 0;
  private m1 = 0;
  private m2 = 0;

  constructor(private readonly m: number) {
    this.n = 2 * m + 1;
    this.full = new Fit(this.n);
    this.values = new Float64Array(this.n);
    this.points = new Array<GridPoint | undefined>(this.n);
  }

  /** Adds a grid point and its buffered angle; emits the points whose window is complete. */
  push(g: GridPoint, x: number, emit: (f: Filtered) => void): void {
    if (g.first) this.flush(emit);
    const { n, m } = this;
    const out = this.values[this.head]!;
    this.values[this.head] = x;
    this.points[this.head] = g;
    this.head = this.head + 1 === n ? 0 : this.head + 1;
    this.count = Math.min(this.count + 1, n + 1);
    if (this.count < n) return;
    if (this.count === n || this.head === 0) this.resum();
    else {
      const m0 = this.m0 - out + x;
      const m1 = this.m1 + m * out + (m + 1) * x - m0;
      this.m2 = this.m2 - m * m * out + (m + 1) * (m + 1) * x - 2 * (this.m1 + m * out + (m + 1) * x) + m0;
      this.m1 = m1;
      this.m0 = m0;
    }
    if (this.count === n) {
      for (let x = -m; x < 0; x++) this.emitAt(x, emit);
    }
    this.emitAt(0, emit);
  }

  /** Emits what the current segment still holds (end of data or of a segment). */
  flush(emit: (f: Filtered) => void): void {
    const { n, m } = this;
    if (this.count >= n) {
      for (let x = 1; x <= m; x++) this.emitAt(x, emit);
    } else if (this.count > 0) {
      const fit = new Fit(this.count);
      const half = (this.count - 1) / 2;
      let [m0, m1, m2] = [0, 0, 0];
      for (let i = 0; i < this.count; i++) {
        const v = this.values[i]!;
        const x = i - half;
        m0 += v;
        m1 += x * v;
        m2 += x * x * v;
      }
      for (let i = 0; i < this.count; i++) {
        const [angle, slope] = fit.at(m0, m1, m2, i - half);
        emit({ g: this.points[i]!, raw: this.values[i]!, angle, slope });
      }
    }
    this.count = 0;
    this.head = 0;
  }

  /** Moments of the full window, summed afresh (oldest first), so rounding never accumulates. */
  private resum(): void {
    let [m0, m1, m2] = [0, 0, 0];
    for (let i = 0; i < this.n; i++) {
      const v = this.values[(this.head + i) % this.n]!;
      const x = i - this.m;
      m0 += v;
      m1 += x * v;
      m2 += x * x * v;
    }
    [this.m0, this.m1, this.m2] = [m0, m1, m2];
  }

  private emitAt(x: number, emit: (f: Filtered) => void): void {
    const [angle, slope] = this.full.at(this.m0, this.m1, this.m2, x);
    const i = (this.head + this.m + x) % this.n;
    emit({ g: this.points[i]!, raw: this.values[i]!, angle, slope });
  }
}
