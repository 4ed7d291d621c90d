/**
 * Reference port of `engine-rs/src/session.rs`: the plain TypeScript engine behind the same
 * {@link IncrementalEngine} contract, kept as a test oracle and benchmark baseline.
 *
 * Written as a speed-aware JavaScript developer would (see ../README.md): a batch is one pass
 * over its samples, a block of grid points at a time; stages hand each other preallocated
 * Float64Array columns, scalars or one reused object, so a point allocates nothing; the point
 * columns are written only when asked for. Every stage still takes its points one at a time, in
 * order, by the rule its Rust module states, without reps.rs's shortcut for steady stretches
 * (`RepDetector::steady`): the oracle holds that shortcut to the plain rule.
 */
import { checkBatchShape, describeLengths, resolveSettings } from '../settings';
import type { EngineOptions, EngineSettings, EngineUpdate, EngineUpdateWithPoints, IncrementalEngine, ProcessedPoints, Rep, Turn, SampleBatch } from '../types';
import { GRAVITY, filterHalfWidth, validateSettings } from './constants';
import { Deriver, POINT_NAMES } from './derive';
import { Edges } from './edges';
import * as phase from './phase';
import { DetectorPoint, RepDetector } from './reps';
import { Grid, Resampler } from './resample';
import { SavGol } from './savgol';
import { Smoother } from './smooth';
import { PowerSmoother } from './window';

// Imported values read once, into module constants: vitest, which runs this port for the tests and
// the benchmark, turns every use of an imported binding into a getter call (see ../README.md).
const { phaseValues } = phase;

/** Point columns, filled as points come and grown by doubling (rust: `Points`). */
class Points {
  len = 0;
  columns: ProcessedPoints;

  constructor(capacity: number) {
    this.columns = Points.allocate(capacity);
  }

  private static allocate(capacity: number): ProcessedPoints {
    return Object.fromEntries(POINT_NAMES.map((f) => [f, new Float64Array(capacity)])) as ProcessedPoints;
  }

  /** Room for `more` points after the `len` filled. */
  reserve(more: number): void {
    const capacity = this.columns.timeUs.length;
    if (this.len + more <= capacity) return;
    const grown = Points.allocate(Math.max(2 * capacity, this.len + more, 16));
    for (const f of POINT_NAMES) grown[f].set(this.columns[f].subarray(0, this.len));
    this.columns = grown;
  }

  /** The filled rows (views of the columns, not copies). */
  filled(): ProcessedPoints {
    return Object.fromEntries(POINT_NAMES.map((f) => [f, this.columns[f].subarray(0, this.len)])) as ProcessedPoints;
  }
}

/** What calls produced: reps, turns, dropped samples, points (rust: `Update`). */
class Output {
  readonly reps: Rep[] = [];
  readonly turns: Turn[] = [];
  skipped = 0;
  pointCount = 0;

  /** `points`: the columns, when the caller asked for them. */
  constructor(readonly points: Points | null) {}

  update(): Update {
    const base = { reps: this.reps, turns: this.turns, skipped: this.skipped, pointCount: this.pointCount };
    return this.points === null ? base : { ...base, points: this.points.filled() };
  }
}

type Update = EngineUpdate | EngineUpdateWithPoints;

/** Grid points a block at a time, at most this many (rust: `block::NEW`). */
const BLOCK = 1024;

class ReferenceEngine implements IncrementalEngine<Update> {
  private readonly resampler: Resampler;
  private readonly smoother = new Smoother();
  private readonly savgol: SavGol;
  private readonly deriver: Deriver;
  private readonly power: PowerSmoother;
  private readonly edges: Edges;
  private readonly detector: RepDetector;
  /** A block of grid points. */
  private readonly grid = new Grid(BLOCK);
  /** The point the rep detector sees, refilled for each grid point. */
  private readonly point = new DetectorPoint();
  private device: [boolean, boolean] | null = null;
  private nextIndex = 0;
  private state: 'live' | 'finished' | 'disposed' = 'live';

  constructor(
    private readonly s: EngineSettings,
    private readonly keepPoints: boolean,
  ) {
    validateSettings(s);
    this.resampler = new Resampler(1e6 / s.hz);
    this.deriver = new Deriver(s);
    this.power = new PowerSmoother(s.hz);
    const m = filterHalfWidth(s.hz);
    this.savgol = new SavGol(m, BLOCK);
    this.edges = new Edges(s.hz, m + 2, (1.5 * 1e6) / s.hz);
    this.detector = new RepDetector(s.warmup, {
      stepUs: 1e6 / s.hz,
      weight: s.mass * GRAVITY,
      radius: s.radius,
      twoRadius: 2 * s.radius,
      invRadius: 1 / s.radius,
      inertia: s.inertia,
      mass: s.mass,
      edges: this.edges,
    }, this.power.delays);
  }

  /** An empty output for the next call (with point columns when points are kept). */
  output(): Output {
    return new Output(this.keepPoints ? new Points(0) : null);
  }

  push(batch: SampleBatch): Update {
    const out = this.output();
    this.pushInto(batch, out);
    return out.update();
  }

  finish(): Update {
    const out = this.output();
    this.finishInto(out);
    return out.update();
  }

  /**
   * Processes `batch` into `out`, a block of grid points at a time (rust: `Engine::push`): the
   * resampler fills the block, the smoothing buffer and the filter each run over it in a loop of
   * their own, then the points the filter emitted go through derivation, edges and rep detection.
   * Every stage still sees its points one at a time and in order, so the blocks change nothing in
   * the results.
   */
  pushInto(batch: SampleBatch, out: Output): void {
    this.checkLive();
    checkBatchShape(batch);
    const n = batch.timeUs.length;
    const columns = [batch.angleDeg, batch.angularVelocity, batch.angularAcceleration];
    if (columns.some((c) => c !== undefined && c.length !== n)) {
      throw new Error(`Reference engine: every input array must have as many entries as timeUs (${describeLengths(batch)})`);
    }
    if (n === 0) return;
    const present: [boolean, boolean] = [batch.angularVelocity !== undefined, batch.angularAcceleration !== undefined];
    if (this.device === null) {
      this.device = present;
      const used = [present[0] && !this.s.calcAngularVelocity, present[1] && !this.s.calcAngularAcceleration];
      this.deriver.useDevice(used[0]!, used[1]!);
      if (used[0] || used[1]) {
        this.resampler.useRates();
        this.savgol.smoothRates();
      }
    } else if (this.device[0] !== present[0] || this.device[1] !== present[1]) {
      throw new Error('Reference engine: device angular velocity/acceleration must be given in every batch of a session or in none');
    }
    const input = {
      timeUs: batch.timeUs,
      angleDeg: batch.angleDeg,
      omega: this.s.calcAngularVelocity ? undefined : batch.angularVelocity,
      alpha: this.s.calcAngularAcceleration ? undefined : batch.angularAcceleration,
    };
    out.points?.reserve(this.expectedPoints(batch.timeUs));
    const grid = this.grid;
    let next = 0;
    for (;;) {
      grid.len = 0;
      next = this.resampler.fill(input, next, grid, out);
      // No new point: every sample offered, and no grid point left due.
      if (grid.len === 0) return;
      this.smoother.run(grid);
      this.savgol.filter(grid);
      this.downstream(out);
    }
  }

  /** End of data into `out`: the points the filter still holds, then the reps that closes. */
  finishInto(out: Output): void {
    this.checkLive();
    this.state = 'finished';
    this.savgol.flush();
    this.downstream(out);
    out.reps.push(...this.detector.finish());
  }

  /**
   * Derives the points the filter just emitted and runs each through edges and the rep detector
   * into `out`: rates, power, smoothed power and phase values into the detector's one point, the
   * metrics into the point columns when kept.
   */
  private downstream(out: Output): void {
    const f = this.savgol.out;
    const { deriver, power: smoother, edges, detector, point } = this;
    const points = out.points;
    if (points !== null) points.reserve(f.len);
    for (let k = 0; k < f.len; k++) {
      const first = f.first[k] === 1;
      const r = deriver.rates(f.slope[k]!, f.omega[k]!, f.alpha[k]!, first);
      const power = deriver.power(r);
      smoother.push(power, first);
      point.index = this.nextIndex + k;
      point.timeUs = f.timeUs[k]!;
      point.angleDeg = f.angle[k]!;
      point.rawDeg = f.rawDeg[k]!;
      phaseValues(r, power, smoother.smoothed, point);
      if (points !== null) deriver.point(point.timeUs, point.angleDeg, r, points.columns, points.len++);
      edges.push(point);
      const rep = detector.push(point);
      if (rep !== null) out.reps.push(rep);
      const turn = detector.takeTurn();
      if (turn !== null) out.turns.push(turn);
    }
    this.nextIndex += f.len;
    out.pointCount += f.len;
  }

  /** About how many points `timeUs` yields, to size the columns once (as session.rs; capped at 16 a sample). */
  private expectedPoints(timeUs: ArrayLike<number>): number {
    if (timeUs.length === 0) return 0;
    const span = (timeUs[timeUs.length - 1]! - timeUs[0]!) / (1e6 / this.s.hz);
    const n = Math.min(span, 16 * timeUs.length) + 2;
    return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  }

  dispose(): void {
    this.state = 'disposed';
  }

  private checkLive(): void {
    if (this.state === 'finished') throw new Error('Reference engine: the engine has finished; create a new one for more data');
    if (this.state === 'disposed') throw new Error('Reference engine: the engine was disposed; create a new one');
  }
}

/** The reference port's live engine (same contract as `createEngine`). */
export function createReferenceEngine(settings: Partial<EngineSettings> | undefined, options: EngineOptions & { points: true }): IncrementalEngine<EngineUpdateWithPoints>;
export function createReferenceEngine(settings?: Partial<EngineSettings>, options?: EngineOptions): IncrementalEngine;
export function createReferenceEngine(settings?: Partial<EngineSettings>, options: EngineOptions = {}): IncrementalEngine<Update> {
  return new ReferenceEngine(resolveSettings(settings), options.points === true);
}

/** The reference port's whole-session run (same contract as `reprocess`): one push of every sample, then finish, into one output. */
export function referenceReprocess(batch: SampleBatch, settings: Partial<EngineSettings> | undefined, options: EngineOptions & { points: true }): EngineUpdateWithPoints;
export function referenceReprocess(batch: SampleBatch, settings?: Partial<EngineSettings>, options?: EngineOptions): EngineUpdate;
export function referenceReprocess(batch: SampleBatch, settings?: Partial<EngineSettings>, options: EngineOptions = {}): Update {
  const engine = new ReferenceEngine(resolveSettings(settings), options.points === true);
  const out = engine.output();
  engine.pushInto(batch, out);
  engine.finishInto(out);
  return out.update();
}
