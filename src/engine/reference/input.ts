/**
 * What reaches the resampler (`engine-rs/src/input.rs`, module doc and `Guard`): each raw sample
 * checked, put on the session's clock, unwrapped, watched for a sensor pinned at a limit, and kept
 * out if no rope could have produced it. One plain loop over the samples in order: each step
 * depends on what the steps before it took.
 */
import {
  DEG_TO_RAD,
  GLITCH_MAX_BURST,
  GLITCH_REST_STEP_DEG,
  GLITCH_TOLERANCE_DEG,
  MAX_CLOCK_US,
  MAX_DEVICE_ALPHA_RAD_S2,
  MAX_GAP_US,
  MAX_SAMPLE_VALUE,
  MIN_STEP_US,
  SATURATION_SPAN_US,
  SATURATION_SPEED_DEG_S,
  maxAngularAcceleration,
  maxAngularSpeed,
} from './constants';

/** Raw samples as columns; `omega` and `alpha` are the device's rates, present only where the session uses them. */
export interface Samples {
  timeUs: ArrayLike<number>;
  angleDeg: ArrayLike<number>;
  omega?: ArrayLike<number>;
  alpha?: ArrayLike<number>;
}

/** What the stage counted (input.rs `Counts`). */
export interface InputCounts {
  skipped: number;
  rejected: number;
  unwrapped: number;
  saturated: number;
  /** The |angle| of the latest dead stop counted as saturated, degrees (0 before any). */
  saturationDeg: number;
  /** Steps longer than MAX_GAP_US between samples taken. */
  gaps: number;
}

/** The samples accepted, in order: times on the session's clock (µs after `originUs`), angles unwrapped, the device's rates 0 where not used. */
export interface Accepted {
  timeUs: number[];
  angleDeg: number[];
  omega: number[];
  alpha: number[];
  /** The session's clock origin: the first plausible sample's time (0 before any). */
  originUs: number;
  counts: InputCounts;
}

/** A sample taken: on the session's clock, unwrapped by `offset`, with its reading as read. */
interface Taken {
  t: number;
  x: number;
  omega: number;
  alpha: number;
  read: number;
  offset: number;
}

/**
 * input.rs, per sample: (1) dropped and counted as skipped when a value is not finite or beyond
 * MAX_SAMPLE_VALUE (the time relative to the origin, and the origin, beyond MAX_CLOCK_US), or its time
 * not at least MIN_STEP_US after the last sample taken, and as rejected when its device ω is beyond
 * the fastest the rope turns the disc or its α beyond MAX_DEVICE_ALPHA_RAD_S2; (2) the first plausible sample's time is
 * the origin; a sample more than MAX_GAP_US after the last one taken starts a segment, a gap counted (the held
 * samples decided first with what there is); (3) unwrapped ({@link unwrapOffset}); (4) watched for
 * dead stops ({@link Stage.watch}); (5) judged by the glitch guard ({@link Stage.decide}). Unless
 * `finished` (end of data: the held samples decided with what there is), samples still held wait.
 * `radius`: the shaft's, which the guard's bounds are for.
 */
export function inputStage(input: Samples, radius: number, finished: boolean): Accepted {
  const stage = new Stage(radius);
  for (let i = 0; i < input.timeUs.length; i++) stage.take(input.timeUs[i]!, input.angleDeg[i]!, input.omega?.[i] ?? 0, input.alpha?.[i] ?? 0);
  if (finished) stage.flush();
  return { ...stage.out, originUs: stage.origin ?? 0, counts: stage.counts };
}

class Stage {
  /** The guard's bounds in degrees: the disc's largest acceleration (°/s²) and speed (°/s). */
  private readonly accel: number;
  private readonly speed: number;
  /** The fastest the rope turns the disc, rad/s. */
  private readonly omegaMax: number;
  origin: number | null = null;
  /** The time of the last sample taken, as read. */
  private newest: number | null = null;
  /** The last accepted reading as read, and the turns the session has added to readings. */
  private read = NaN;
  private offset = 0;
  /** The last 3 samples taken (time on the session's clock, unwrapped angle), oldest first; the stretch of equal readings in progress or waiting for its exit (step 4). */
  private taken: { t: number; x: number }[] = [];
  private flat: { value: number; firstUs: number; lastUs: number; enteredFast: boolean; ended: boolean } | null = null;
  /** The segment's accepted samples (the guard judges by the last two); the samples waiting for a decision. */
  private history: Taken[] = [];
  private held: Taken[] = [];
  readonly out = { timeUs: [] as number[], angleDeg: [] as number[], omega: [] as number[], alpha: [] as number[] };
  readonly counts: InputCounts = { skipped: 0, rejected: 0, unwrapped: 0, saturated: 0, saturationDeg: 0, gaps: 0 };

  constructor(radius: number) {
    this.accel = maxAngularAcceleration(radius) / DEG_TO_RAD;
    this.speed = maxAngularSpeed(radius) / DEG_TO_RAD;
    this.omegaMax = maxAngularSpeed(radius);
  }

  take(t: number, x: number, omega: number, alpha: number): void {
    const origin = this.origin ?? t;
    const plausible = Math.abs(origin) <= MAX_CLOCK_US && Math.abs(t - origin) <= MAX_CLOCK_US && [x, omega, alpha].every((v) => Math.abs(v) <= MAX_SAMPLE_VALUE);
    if (!plausible || (this.newest !== null && !(t - this.newest >= MIN_STEP_US))) {
      this.counts.skipped += 1;
      return;
    }
    // A device's rate no disc has (input.rs `possible_rates`).
    if (!(Math.abs(omega) <= this.omegaMax && Math.abs(alpha) <= MAX_DEVICE_ALPHA_RAD_S2)) {
      this.counts.rejected += 1;
      return;
    }
    this.origin = origin;
    if (this.newest !== null && t - this.newest > MAX_GAP_US) {
      // Nothing before a gap judges what comes after it.
      this.counts.gaps += 1;
      this.flush();
      this.history = [];
      [this.taken, this.flat] = [[], null];
    }
    const offset = unwrapOffset(x, this.read, this.offset);
    const sample = { t: t - origin, x: x + offset, omega, alpha, read: x, offset };
    this.watch(sample.t, sample.x);
    this.newest = t;
    this.held.push(sample);
    while (this.held.length > 0 && this.decide(false));
  }

  flush(): void {
    while (this.held.length > 0) this.decide(true);
  }

  /**
   * Step 4: a stretch of equal readings starts with a reading equal to the last taken. It was
   * entered at speed when one of the two steps into its first reading is faster than half
   * SATURATION_SPEED_DEG_S (both over the last one's interval: input.rs `entered_at_speed`). It is
   * counted saturated, with its |angle|, when it was entered at speed, lasted SATURATION_SPAN_US or
   * more, and the first reading SATURATION_SPAN_US or more after its last is farther than
   * SATURATION_SPEED_DEG_S allows over the time between them. Nothing carries over a gap.
   */
  private watch(t: number, x: number): void {
    const f = this.flat;
    if (f !== null) {
      if (!f.ended && x === f.value) {
        f.lastUs = t;
      } else {
        f.ended = true;
        const since = t - f.lastUs;
        if (!f.enteredFast) this.flat = null;
        else if (since >= SATURATION_SPAN_US) {
          if (f.lastUs - f.firstUs >= SATURATION_SPAN_US && Math.abs(x - f.value) > 1e-6 * SATURATION_SPEED_DEG_S * since) {
            this.counts.saturated += 1;
            this.counts.saturationDeg = Math.abs(f.value);
          }
          this.flat = null;
        }
      }
    }
    const [s0, s1, s2] = [this.taken.at(-3), this.taken.at(-2), this.taken.at(-1)];
    if (this.flat === null && s2 !== undefined && s2.x === x) {
      const slow = (from: number, to: number, h: number) => Math.abs(to - from) <= 0.5e-6 * SATURATION_SPEED_DEG_S * h;
      const h = s1 === undefined ? NaN : s2.t - s1.t;
      // Missing steps (NaN) are no slow steps, as input.rs's NaNs are not.
      const enteredFast = !(slow(s1?.x ?? NaN, s2.x, h) && slow(s0?.x ?? NaN, s1?.x ?? NaN, h));
      this.flat = { value: x, firstUs: s2.t, lastUs: t, enteredFast, ended: false };
    }
    this.taken = [...this.taken, { t, x }].slice(-3);
  }

  /**
   * `Guard`: the oldest held sample is accepted when it carries on the motion ({@link Stage.acceptsAtOnce});
   * else, with up to GLITCH_MAX_BURST samples after it held, the shortest run of 1 to
   * GLITCH_MAX_BURST samples from it that {@link rejects} is rejected; if none is, it is accepted.
   * Without enough samples after it, it waits (false), unless `all` (end of data or a gap): then
   * it is judged with what there is.
   */
  private decide(all: boolean): boolean {
    const first = this.held[0]!;
    if (this.acceptsAtOnce(first)) {
      this.accept(this.held.shift()!);
      return true;
    }
    for (let k = 1; k <= GLITCH_MAX_BURST; k++) {
      if (k >= this.held.length) {
        if (all) break;
        return false;
      }
      if (this.rejects(this.held.slice(0, k), this.held[k]!)) {
        this.held.splice(0, k);
        this.counts.rejected += k;
        return true;
      }
    }
    this.accept(this.held.shift()!);
    return true;
  }

  /**
   * Whether `s` is accepted without waiting: the first of its segment, within the tolerance of a
   * single accepted sample, or, after two, within the tolerance of the last or, unless the two are
   * at rest ({@link resting}: the rope has only its tolerance to carry on within), within
   * tolerance + ½·α·h² of the line through the two, h the time since the last.
   */
  private acceptsAtOnce(s: Taken): boolean {
    const [a, b] = [this.history.at(-2), this.history.at(-1)];
    if (b === undefined) return true;
    const near = Math.abs(s.x - b.x) <= GLITCH_TOLERANCE_DEG;
    if (a === undefined || near) return near;
    if (resting(a.x, b.x)) return false;
    const h = (s.t - b.t) * 1e-6;
    const line = b.x + ((b.x - a.x) / (b.t - a.t)) * (s.t - b.t);
    return Math.abs(s.x - line) <= GLITCH_TOLERANCE_DEG + 0.5 * this.accel * h * h;
  }

  /**
   * Whether the run, followed by `b`, is a glitch: b within a rope's reach of the last accepted
   * sample a (tolerance + V·Δt), and every sample of the run beyond both a and b on the same side
   * by more than the tolerance, so far that a rope going from a to it and back to b would need
   * longer than the time between a and b: √(2·d_a/α) + √(2·d_b/α) > t_b − t_a, with
   * d = |x − neighbour| − tolerance; or, if a and the sample before it are at rest ({@link resting}),
   * b back within the tolerance of a (input.rs `Guard`, Rest: a resting rope that went out and came
   * back went nowhere).
   */
  private rejects(run: Taken[], b: Taken): boolean {
    const a = this.history.at(-1)!;
    const a0 = this.history.at(-2);
    const spanS = (b.t - a.t) * 1e-6;
    if (Math.abs(b.x - a.x) > GLITCH_TOLERANCE_DEG + this.speed * spanS) return false;
    const [lo, hi] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
    const time = (d: number) => Math.sqrt((2 * d) / this.accel);
    const returned = a0 !== undefined && resting(a0.x, a.x) && Math.abs(b.x - a.x) <= GLITCH_TOLERANCE_DEG;
    return run.every(
      ({ x }) =>
        (x > hi + GLITCH_TOLERANCE_DEG || x < lo - GLITCH_TOLERANCE_DEG) &&
        (returned || time(Math.abs(x - a.x) - GLITCH_TOLERANCE_DEG) + time(Math.abs(x - b.x) - GLITCH_TOLERANCE_DEG) > spanS),
    );
  }

  /** An accepted sample: its unwrapping becomes the session's (a change counted), it joins the history and goes to the resampler. */
  private accept(s: Taken): void {
    if (s.offset !== this.offset) this.counts.unwrapped += 1;
    [this.read, this.offset] = [s.read, s.offset];
    this.history = [...this.history, s].slice(-2);
    this.out.timeUs.push(s.t);
    this.out.angleDeg.push(s.x);
    this.out.omega.push(s.omega);
    this.out.alpha.push(s.alpha);
  }
}

/** input.rs `resting`: the rope's last step, from `x0` to `x1`, within GLITCH_REST_STEP_DEG. */
const resting = (x0: number, x1: number) => Math.abs(x1 - x0) <= GLITCH_REST_STEP_DEG;

/**
 * Step 3: the offset to add to reading `x`, after the last accepted reading `read` and the
 * session's `offset`. A step of more than half a turn between readings both within a turn of 0
 * that, a turn less, is at most a quarter of a turn is a wrap: one turn against the step.
 */
function unwrapOffset(x: number, read: number, offset: number): number {
  const step = x - read;
  const turn = step < 0 ? -360 : 360;
  const wrap = Math.abs(step) > 180 && Math.abs(x) <= 360 && Math.abs(read) <= 360 && Math.abs(step - turn) <= 90;
  return wrap ? offset - turn : offset;
}
