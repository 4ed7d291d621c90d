/**
 * Reference port of `engine-rs/src/session.rs`: the plain TypeScript engine behind the same
 * {@link IncrementalEngine} contract, kept as a test oracle and benchmark baseline. Written
 * for clarity, not speed: points collect in plain arrays and become Float64Arrays per call.
 */
import { checkBatchShape, describeLengths, resolveSettings } from '../settings';
import type {
  EngineOptions,
  EngineSettings,
  EngineUpdate,
  EngineUpdateWithPoints,
  IncrementalEngine,
  ProcessedPoints,
  Rep,
  Turn,
  SampleBatch,
} from '../types';
import { GRAVITY, filterHalfWidth, validateSettings } from './constants';
import { Deriver, POINT_NAMES, type Point } from './derive';
import { Edges } from './edges';
import { phaseValues } from './phase';
import { RepDetector } from './reps';
import { Resampler } from './resample';
import { SavGol, type Filtered } from './savgol';
import { Smoother } from './smooth';
import { PowerSmoother } from './window';

/** The columns of `points`, named as the point's own fields. */
function toColumns(points: Point[]): ProcessedPoints {
  return Object.fromEntries(POINT_NAMES.map((f) => [f, Float64Array.from(points, (p) => p[f])])) as ProcessedPoints;
}

type Update = EngineUpdate | EngineUpdateWithPoints;

class ReferenceEngine implements IncrementalEngine<Update> {
  private readonly resampler: Resampler;
  private readonly smoother = new Smoother();
  private readonly savgol: SavGol;
  private readonly deriver: Deriver;
  private readonly power: PowerSmoother;
  private readonly edges: Edges;
  private readonly detector: RepDetector;
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
    this.savgol = new SavGol(m);
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

  /** The update of a call that produced `points`, `reps` and `turns`. */
  private update(points: Point[], reps: Rep[], turns: Turn[], skipped: number): Update {
    const base = { reps, turns, skipped, pointCount: points.length };
    return this.keepPoints ? { ...base, points: toColumns(points) } : base;
  }

  push(batch: SampleBatch): Update {
    this.checkLive();
    checkBatchShape(batch);
    const n = batch.timeUs.length;
    const columns = [batch.angleDeg, batch.angularVelocity, batch.angularAcceleration];
    if (columns.some((c) => c !== undefined && c.length !== n)) {
      throw new Error(`Reference engine: every input array must have as many entries as timeUs (${describeLengths(batch)})`);
    }
    const points: Point[] = [];
    const reps: Rep[] = [];
    const turns: Turn[] = [];
    let skipped = 0;
    if (n === 0) return this.update(points, reps, turns, skipped);
    const present: [boolean, boolean] = [batch.angularVelocity !== undefined, batch.angularAcceleration !== undefined];
    if (this.device === null) {
      this.device = present;
      const used = [present[0] && !this.s.calcAngularVelocity, present[1] && !this.s.calcAngularAcceleration];
      this.deriver.useDevice(used[0]!, used[1]!);
      if (used[0] || used[1]) this.savgol.smoothRates();
    } else if (this.device[0] !== present[0] || this.device[1] !== present[1]) {
      throw new Error('Reference engine: device angular velocity/acceleration must be given in every batch of a session or in none');
    }
    const omega = this.s.calcAngularVelocity ? undefined : batch.angularVelocity;
    const alpha = this.s.calcAngularAcceleration ? undefined : batch.angularAcceleration;
    for (let i = 0; i < n; i++) {
      const sample = { timeUs: batch.timeUs[i]!, angleDeg: batch.angleDeg[i]!, omega: omega?.[i] ?? 0, alpha: alpha?.[i] ?? 0 };
      if (!this.resampler.offer(sample)) {
        skipped += 1;
        continue;
      }
      for (let g = this.resampler.nextPoint(); g !== undefined; g = this.resampler.nextPoint()) {
        this.savgol.push(g, this.smoother.push(g.sample.angleDeg, g.first), (f) => this.process(f, points, reps, turns));
      }
    }
    return this.update(points, reps, turns, skipped);
  }

  finish(): Update {
    this.checkLive();
    this.state = 'finished';
    const points: Point[] = [];
    const reps: Rep[] = [];
    const turns: Turn[] = [];
    this.savgol.flush((f) => this.process(f, points, reps, turns));
    reps.push(...this.detector.finish());
    return this.update(points, reps, turns, 0);
  }

  /** Derives a filtered point and runs it through the rep detector. */
  private process(f: Filtered, points: Point[], reps: Rep[], turns: Turn[]): void {
    const point = this.deriver.derive(f);
    const [values, moving] = phaseValues(point, this.power.push(point.power, f.g.first));
    const at = { index: this.nextIndex, timeUs: point.timeUs };
    this.edges.push(at.index, at.timeUs, f.g.sample.angleDeg, Math.abs(f.angle), moving);
    const rep = this.detector.push({ at, angleDeg: f.angle, values, moving });
    if (rep !== null) reps.push(rep);
    const turn = this.detector.takeTurn();
    if (turn !== null) turns.push(turn);
    points.push(point);
    this.nextIndex += 1;
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

/** The reference port's whole-session run (same contract as `reprocess`). */
export function referenceReprocess(batch: SampleBatch, settings: Partial<EngineSettings> | undefined, options: EngineOptions & { points: true }): EngineUpdateWithPoints;
export function referenceReprocess(batch: SampleBatch, settings?: Partial<EngineSettings>, options?: EngineOptions): EngineUpdate;
export function referenceReprocess(batch: SampleBatch, settings?: Partial<EngineSettings>, options: EngineOptions = {}): Update {
  const keepPoints = options.points === true;
  const engine = new ReferenceEngine(resolveSettings(settings), keepPoints);
  const pushed = engine.push(batch);
  const finished = engine.finish();
  const whole: EngineUpdate = {
    reps: [...pushed.reps, ...finished.reps],
    turns: [...pushed.turns, ...finished.turns],
    skipped: pushed.skipped,
    pointCount: pushed.pointCount + finished.pointCount,
  };
  if (!keepPoints) return whole;
  const [a, b] = [(pushed as EngineUpdateWithPoints).points, (finished as EngineUpdateWithPoints).points];
  const points = Object.fromEntries(POINT_NAMES.map((f) => [f, Float64Array.from([...a[f], ...b[f]])])) as ProcessedPoints;
  return { ...whole, points };
}
