/**
 * Power low-passed by two centred quartic Savitzky–Golay fits over the mean power of blocks of
 * points (about 50 a second), mirroring `engine-rs/src/window.rs` (where the reasons are
 * written): a phase's peak power is the peak of one of these, not of single points.
 */
import { PEAK_POWER_HALF_WIDTHS_S, PEAK_POWER_LONG_PHASE_S, PEAK_POWER_RATE_HZ } from './constants';

export const STREAMS = 2;
const RESUM_WINDOWS = 4;
const MAX_HALF_WIDTH = 34;
const RING = 128;
const MASK = RING - 1;

/** Grid points per block of mean power at `hz`: hz / PEAK_POWER_RATE_HZ rounded, at least 1. */
export const blockPoints = (hz: number): number => Math.max(1, Math.round(hz / PEAK_POWER_RATE_HZ));

/** Half-widths of the fits at `hz`, blocks (at least 2, at most 34). */
export const halfWidths = (hz: number): number[] => {
  const blocksPerS = hz / blockPoints(hz);
  return PEAK_POWER_HALF_WIDTHS_S.map((h) => Math.min(MAX_HALF_WIDTH, Math.max(2, Math.round(h * blocksPerS))));
};

/** The fit whose peak a phase of `durationS` reports: the long one from PEAK_POWER_LONG_PHASE_S on. */
export const streamFor = (durationS: number): number => (durationS >= PEAK_POWER_LONG_PHASE_S ? 1 : 0);

const det3 = (m: number[][]): number =>
  m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) -
  m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) +
  m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);

/** (g0, g2, g4): the centre value's weight of the point at x is g0 + g2·t² + g4·t⁴, t = x/n. */
function centreWeights(n: number): number[] {
  const s = [0, 0, 0, 0, 0];
  for (let i = 0; i <= 2 * n; i++) {
    const t = (i - n) / n;
    const t2 = t * t;
    const t4 = t2 * t2;
    s[0]! += 1;
    s[1]! += t2;
    s[2]! += t4;
    s[3]! += t4 * t2;
    s[4]! += t4 * t4;
  }
  const g = [
    [s[0]!, s[1]!, s[2]!],
    [s[1]!, s[2]!, s[3]!],
    [s[2]!, s[3]!, s[4]!],
  ];
  const det = det3(g);
  return [0, 1, 2].map((c) => det3(g.map((row, r) => row.map((v, k) => (k === c ? (r === 0 ? 1 : 0) : v)))) / det);
}

function choose(a: number, b: number): number {
  let r = 1;
  for (let i = 0; i < b; i++) r = (r * (a - i)) / (i + 1);
  return r;
}

/**
 * One fit: its window, constants and moments. The five moments, their weights and the four
 * growth factors are fields rather than arrays: they are read and written at every point, and
 * a field is one load where a typed array's element takes a bounds check and an indirection.
 */
class Fit {
  readonly len: number;
  /** C(len, p), p = 1..4. */
  private readonly grow1: number;
  private readonly grow2: number;
  private readonly grow3: number;
  private readonly grow4: number;
  /** The centre value's weights on the moments Σ C(u, p)·P_u. */
  private readonly coef0: number;
  private readonly coef1: number;
  private readonly coef2: number;
  private readonly coef3: number;
  private readonly coef4: number;
  private m0 = 0;
  private m1 = 0;
  private m2 = 0;
  private m3 = 0;
  private m4 = 0;
  phase = 0;

  constructor(n: number) {
    this.len = 2 * n + 1;
    const [g0, g2, g4] = centreWeights(n) as [number, number, number];
    const nn = n * n;
    const nnnn = n * n * n * n;
    // Newton's forward differences of the weight, from exact sums of integers (see window.rs).
    const diff = (p: number, k: number) => {
      let sum = 0;
      for (let i = 0; i <= p; i++) {
        const d = i - n;
        const power = [1, d, d * d, d * d * d, d * d * d * d][k]!;
        sum += ((p - i) % 2 === 1 ? -1 : 1) * choose(p, i) * power;
      }
      return sum;
    };
    const coef = (p: number) => g0 * diff(p, 0) + g2 * (diff(p, 2) / nn) + g4 * (diff(p, 4) / nnnn);
    [this.coef0, this.coef1, this.coef2, this.coef3, this.coef4] = [coef(0), coef(1), coef(2), coef(3), coef(4)];
    [this.grow1, this.grow2, this.grow3, this.grow4] = [choose(this.len, 1), choose(this.len, 2), choose(this.len, 3), choose(this.len, 4)];
  }

  value(): number {
    return this.coef0 * this.m0 + this.coef1 * this.m1 + this.coef2 * this.m2 + this.coef3 * this.m3 + this.coef4 * this.m4;
  }

  /** Slides the window by one point (Pascal's rule, as window.rs): each moment takes the one below it, already slid. */
  slide(out: number, x: number): void {
    // In locals, each new moment goes straight into the next (through the fields, every step
    // of the chain would wait on a store and a load).
    const m0 = this.m0 + (x - out);
    const m1 = this.m1 + (this.grow1 * x - m0);
    const m2 = this.m2 + (this.grow2 * x - m1);
    const m3 = this.m3 + (this.grow3 * x - m2);
    const m4 = this.m4 + (this.grow4 * x - m3);
    this.m0 = m0;
    this.m1 = m1;
    this.m2 = m2;
    this.m3 = m3;
    this.m4 = m4;
  }

  /** The moments of the window ending at ring slot `last`, summed afresh (oldest first). */
  resum(ring: Float64Array, last: number): void {
    const first = last + RING + 1 - this.len;
    // Σ C(u, p)·P_u with C(u, p) kept by Pascal's rule as u grows.
    let [c1, c2, c3, c4] = [0, 0, 0, 0];
    let [m0, m1, m2, m3, m4] = [0, 0, 0, 0, 0];
    for (let u = 0; u < this.len; u++) {
      const y = ring[(first + u) & MASK]!;
      m0 += 1 * y;
      m1 += c1 * y;
      m2 += c2 * y;
      m3 += c3 * y;
      m4 += c4 * y;
      c4 += c3;
      c3 += c2;
      c2 += c1;
      c1 += 1;
    }
    [this.m0, this.m1, this.m2, this.m3, this.m4] = [m0, m1, m2, m3, m4];
  }
}

export class PowerSmoother {
  /** Each fit's value at the last point pushed if it ended a block, centred `delays` points before it; else NaN (overwritten by each push). */
  readonly smoothed = new Float64Array(STREAMS);
  private readonly ring = new Float64Array(RING);
  private readonly block: number;
  private readonly invBlock: number;
  private inBlock = 0;
  private blockSum = 0;
  private head = 0;
  private pos = 0;
  private readonly fits: Fit[];
  /** How many points after its centre each fit's value comes (see window.rs). */
  readonly delays: number[];

  constructor(hz: number) {
    this.block = blockPoints(hz);
    this.invBlock = 1 / this.block;
    const n = halfWidths(hz);
    this.delays = n.map((k) => k * this.block + (this.block - 1) - Math.floor((this.block - 1) / 2));
    this.fits = n.map((k) => new Fit(k));
  }

  /** Adds a point's power (`first`: a segment starts there) and, at a block's last point, writes each fit's value into {@link smoothed} (NaN until its window fills; NaN at other points). */
  push(power: number, first: boolean): void {
    if (first) {
      this.pos = 0;
      this.inBlock = 0;
      this.blockSum = 0;
    }
    this.blockSum += power;
    this.inBlock += 1;
    if (this.inBlock < this.block) {
      this.smoothed.fill(NaN);
      return;
    }
    const x = this.blockSum * this.invBlock;
    this.inBlock = 0;
    this.blockSum = 0;
    const head = this.head & MASK;
    this.ring[head] = x;
    this.head = head + 1;
    this.pos += 1;
    for (let j = 0; j < STREAMS; j++) this.smoothed[j] = this.fitValue(this.fits[j]!, head, x);
  }

  /** The value of `fit` once the block mean `x` at ring slot `head` is in, NaN before its first full window. */
  private fitValue(fit: Fit, head: number, x: number): number {
    if (this.pos < fit.len) return NaN;
    const period = RESUM_WINDOWS * fit.len;
    fit.phase = this.pos === fit.len || fit.phase + 1 === period ? 0 : fit.phase + 1;
    if (fit.phase === 0) fit.resum(this.ring, head);
    else fit.slide(this.ring[(head + RING - fit.len) & MASK]!, x);
    return fit.value();
  }
}
