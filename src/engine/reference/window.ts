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

class Fit {
  readonly len: number;
  /** C(len, p), p = 1..4. */
  readonly grow: number[];
  /** The centre value's weights on the moments Σ C(u, p)·P_u. */
  readonly coef: number[];
  moments = [0, 0, 0, 0, 0];
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
    this.coef = [0, 1, 2, 3, 4].map((p) => g0 * diff(p, 0) + g2 * (diff(p, 2) / nn) + g4 * (diff(p, 4) / nnnn));
    this.grow = [1, 2, 3, 4].map((p) => choose(this.len, p));
  }

  value(): number {
    const [c, m] = [this.coef, this.moments];
    return c[0]! * m[0]! + c[1]! * m[1]! + c[2]! * m[2]! + c[3]! * m[3]! + c[4]! * m[4]!;
  }

  /** Slides the window by one point (Pascal's rule, as window.rs). */
  slide(out: number, x: number): void {
    const [g, m] = [this.grow, this.moments];
    m[0] = m[0]! + (x - out);
    m[1] = m[1]! + (g[0]! * x - m[0]);
    m[2] = m[2]! + (g[1]! * x - m[1]);
    m[3] = m[3]! + (g[2]! * x - m[2]);
    m[4] = m[4]! + (g[3]! * x - m[3]);
  }

  resum(ring: Float64Array, last: number): void {
    const first = last + RING + 1 - this.len;
    const c = [1, 0, 0, 0, 0];
    const m = [0, 0, 0, 0, 0];
    for (let u = 0; u < this.len; u++) {
      const y = ring[(first + u) & MASK]!;
      for (let p = 0; p < 5; p++) m[p]! += c[p]! * y;
      for (let p = 4; p > 0; p--) c[p]! += c[p - 1]!;
    }
    this.moments = m;
  }
}

export class PowerSmoother {
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

  /** Adds a point's power (`first`: a segment starts there); at a block's last point, each fit's value centred `delays` points before it (NaN until its window fills), else NaN. */
  push(power: number, first: boolean): number[] {
    if (first) {
      this.pos = 0;
      this.inBlock = 0;
      this.blockSum = 0;
    }
    this.blockSum += power;
    this.inBlock += 1;
    if (this.inBlock < this.block) return [NaN, NaN];
    const x = this.blockSum * this.invBlock;
    this.inBlock = 0;
    this.blockSum = 0;
    const head = this.head & MASK;
    this.ring[head] = x;
    this.head = head + 1;
    this.pos += 1;
    return this.fits.map((fit) => {
      if (this.pos < fit.len) return NaN;
      const period = RESUM_WINDOWS * fit.len;
      fit.phase = this.pos === fit.len || fit.phase + 1 === period ? 0 : fit.phase + 1;
      if (fit.phase === 0) fit.resum(this.ring, head);
      else fit.slide(this.ring[(head + RING - fit.len) & MASK]!, x);
      return fit.value();
    });
  }
}
