/**
 * Reference port of `engine-rs/src/session.rs`: the plain TypeScript engine behind the same
 * {@link IncrementalEngine} contract, kept as a test oracle and benchmark baseline.
 *
 * Written as a speed-aware JavaScript developer would, and still one point at a time through
 * each stage, as the Rust modules describe them (no blocks, and none of reps.rs's shortcuts for
 * steady stretches: the oracle checks those against the plain rule). A batch is one pass over
 * its samples; stages hand each other scalars, one reused object or preallocated Float64Array
 * columns, so a point allocates nothing, and the point columns are written only when asked for.
 */
import { checkBatchShape, describeLengths, resolveSettings } from '../settings';
import type { EngineOptions, EngineSettings, EngineUpdate, EngineUpdateWithPoints, IncrementalEngine, ProcessedPoints, Rep, Turn, SampleBatch } from '../types';
import { GRAVITY, filterHalfWidth, validateSettings } from './constants';
import { Deriver, POINT_NAMES } from './derive';
import { Edges } from './edges';
import * as phase from './phase';
import { DetectorPoint, RepDetector } from './reps';
import { Grid, Resampler } from './resample';
import { SavGol, type Filtered } from './savgol';
import { Smoother } from './smooth';
import { PowerSmoother } from './window';

// Imported values read once, into module constants: vitest, which runs this port for the tests and
// the benchmark, turns every use of an imported binding into a getter call (see ../README.md).
const { phaseValues, ValueColumns } = phase;

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
  /** A block of grid points, then the phase values of the filtered points it completes (rust: `Derived`). */
  private readonly grid = new Grid(BLOCK);
  private readonly values: phase.ValueColumns;
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
    this.values = new ValueColumns(this.savgol.out.timeUs.length);
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
   * Processes `batch` into `out`, a block of grid points at a time: the resampler fills the
   * block, then smoothing, the filter, the derivation and rep detection each run over it in a
   * loop of their own (rust: `Engine::push`). Every stage still sees its points one at a time
   * and in order, so the blocks change nothing in the results.
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

  /** Runs the points the filter just emitted through derivation, then edges and rep detection. */
  private downstream(out: Output): void {
    this.derive(this.savgol.out, out.points);
    this.detect(this.savgol.out, out);
  }

  /** Rates, power, smoothed power and phase values of the filtered points `f` into {@link values}, and their metrics into `points` when kept. */
  private derive(f: Filtered, points: Points | null): void {
    const { deriver, power, values } = this;
    if (points !== null) points.reserve(f.len);
    for (let k = 0; k < f.len; k++) {
      const first = f.first[k] === 1;
      const r = deriver.rates(f.slope[k]!, f.omega[k]!, f.alpha[k]!, first);
      const p = deriver.power(r);
      power.push(p, first);
      phaseValues(r, f.angle[k]!, p, power.smoothed, values, k);
      if (points !== null) deriver.point(f.timeUs[k]!, f.angle[k]!, r, points.columns, points.len++);
    }
  }

  /** Edges then rep detection of the filtered points `f`, point by point, into `out`. */
  private detect(f: Filtered, out: Output): void {
    const { edges, detector, values, point: p } = this;
    for (let k = 0; k < f.len; k++) {
      p.read(this.nextIndex + k, f, values, k);
      edges.push(p);
      const rep = detector.push(p);
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
