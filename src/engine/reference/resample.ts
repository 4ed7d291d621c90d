/**
 * Reference port of `engine-rs/src/resample.rs`: sample acceptance and linear interpolation
 * onto the grid origin + k·step µs, one sample in, the grid points up to it out. The same
 * arithmetic in the same order as the Rust code, so the two agree to the last bit or nearly.
 */
import { MAX_GAP_US, MAX_SAMPLE_VALUE, MIN_STEP_US } from './constants';

export interface Sample {
  timeUs: number;
  angleDeg: number;
  omega: number;
  alpha: number;
}

export interface GridPoint {
  sample: Sample;
  /** First point of a segment (session start or after a gap longer than MAX_GAP_US). */
  first: boolean;
}

const ZERO: Sample = { timeUs: 0, angleDeg: 0, omega: 0, alpha: 0 };

/** Finite and within MAX_SAMPLE_VALUE (NaN compares false). */
const plausible = (s: Sample) =>
  Math.abs(s.timeUs) <= MAX_SAMPLE_VALUE && Math.abs(s.angleDeg) <= MAX_SAMPLE_VALUE && Math.abs(s.omega) <= MAX_SAMPLE_VALUE && Math.abs(s.alpha) <= MAX_SAMPLE_VALUE;

export class Resampler {
  private held = 0;
  private left: Sample = ZERO;
  private last: Sample = ZERO;
  private delta: Sample = ZERO;
  private invSpan = 0;
  private originUs = 0;
  private k = 0;
  private nextUs = 0;
  /** ∫ω dt and ∫α dt from the segment start to `left`, to `last`, and to the last grid point. */
  private integralLeft = [0, 0];
  private integralLast = [0, 0];
  private integralGrid = [0, 0];

  constructor(private readonly stepUs: number) {}

  /** False (and nothing changes) for a non-finite sample or one whose time does not increase. */
  offer(s: Sample): boolean {
    if (!plausible(s) || (this.held > 0 && !(s.timeUs - this.last.timeUs >= MIN_STEP_US))) return false;
    if (this.held > 0 && s.timeUs - this.last.timeUs <= MAX_GAP_US) {
      const a = this.last;
      this.left = a;
      this.delta = {
        timeUs: s.timeUs - a.timeUs,
        angleDeg: s.angleDeg - a.angleDeg,
        omega: s.omega - a.omega,
        alpha: s.alpha - a.alpha,
      };
      this.invSpan = 1 / this.delta.timeUs;
      this.held = 2;
      const halfSpanS = 0.5e-6 * this.delta.timeUs;
      this.integralLeft = this.integralLast;
      this.integralLast = [this.integralLeft[0]! + halfSpanS * (a.omega + s.omega), this.integralLeft[1]! + halfSpanS * (a.alpha + s.alpha)];
    } else {
      this.held = 1;
      this.originUs = s.timeUs;
      this.k = 0;
      this.nextUs = s.timeUs;
      this.integralLast = [0, 0];
    }
    this.last = s;
    return true;
  }

  /** The next grid point up to the last offered sample, or undefined once caught up. */
  nextPoint(): GridPoint | undefined {
    const t = this.nextUs;
    if (this.held < 2 || t > this.last.timeUs) return undefined;
    const a = this.left;
    const d = this.delta;
    // t lies in (left, last] (in [left, last] for a segment's first point): frac is within
    // [0, 1] but for a last-bit rounding (see resample.rs for why it is not clamped).
    const frac = (t - a.timeUs) * this.invSpan;
    const omega = a.omega + d.omega * frac;
    const alpha = a.alpha + d.alpha * frac;
    const point: GridPoint = { sample: { timeUs: t, angleDeg: a.angleDeg + d.angleDeg * frac, omega, alpha }, first: this.k === 0 };
    // Device rates: the mean over the grid step ending here (see resample.rs), from the
    // trapezoid under the interpolated rate.
    const halfS = 0.5e-6 * frac * d.timeUs;
    const integral = [this.integralLeft[0]! + halfS * (a.omega + omega), this.integralLeft[1]! + halfS * (a.alpha + alpha)];
    if (!point.first) {
      const invStepS = 1e6 / this.stepUs;
      point.sample.omega = (integral[0]! - this.integralGrid[0]!) * invStepS;
      point.sample.alpha = (integral[1]! - this.integralGrid[1]!) * invStepS;
    }
    this.integralGrid = integral;
    this.k += 1;
    this.nextUs = this.originUs + this.k * this.stepUs;
    return point;
  }
}
