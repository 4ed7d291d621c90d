/**
 * Reference port of `engine-rs/src/session.rs`: the plain TypeScript engine behind the same
 * {@link IncrementalEngine} contract, kept as a test oracle and benchmark baseline. Written
 * for clarity, not speed: points collect in plain arrays and become Float64Arrays per call.
 */
import { checkBatchShape, describeLengths, resolveSettings } from '../settings';
import { POINT_FIELDS, type EngineSettings, type EngineUpdate, type IncrementalEngine, type ProcessedPoints, type Rep, type SampleBatch } from '../types';
import { validateSettings } from './constants';
import { Deriver, type Point } from './derive';
import { magnitudes } from './phase';
import { RepDetector } from './reps';
import { Resampler } from './resample';
import { Smoother } from './smooth';

function toColumns(points: Point[]): ProcessedPoints {
  return Object.fromEntries(POINT_FIELDS.map((f) => [f, Float64Array.from(points, (p) => p[f])])) as unknown as ProcessedPoints;
}

class ReferenceEngine implements IncrementalEngine {
  private readonly resampler: Resampler;
  private readonly smoother = new Smoother();
  private readonly deriver: Deriver;
  private readonly detector: RepDetector;
  private device: [boolean, boolean] | null = null;
  private nextIndex = 0;
  private state: 'live' | 'finished' | 'disposed' = 'live';

  constructor(private readonly s: EngineSettings) {
    validateSettings(s);
    this.resampler = new Resampler(1e6 / s.hz);
    this.deriver = new Deriver(s);
    this.detector = new RepDetector(s.hz, s.warmup);
  }

  push(batch: SampleBatch): EngineUpdate {
    this.checkLive();
    checkBatchShape(batch);
    const n = batch.timeUs.length;
    const columns = [batch.angleDeg, batch.angularVelocity, batch.angularAcceleration];
    if (columns.some((c) => c !== undefined && c.length !== n)) {
      throw new Error(`Reference engine: every input array must have as many entries as timeUs (${describeLengths(batch)})`);
    }
    const points: Point[] = [];
    const reps: Rep[] = [];
    let skipped = 0;
    if (n === 0) return { points: toColumns(points), reps, skipped };
    const present: [boolean, boolean] = [batch.angularVelocity !== undefined, batch.angularAcceleration !== undefined];
    if (this.device === null) {
      this.device = present;
      this.deriver.useDevice(present[0] && !this.s.calcAngularVelocity, present[1] && !this.s.calcAngularAcceleration);
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
        const angle = this.smoother.push(g.sample.angleDeg, g.first);
        const point = this.deriver.derive(g, angle);
        const [m, moving] = magnitudes(point);
        const rep = this.detector.push(this.nextIndex, angle, m, moving);
        if (rep !== null) reps.push(rep);
        points.push(point);
        this.nextIndex += 1;
      }
    }
    return { points: toColumns(points), reps, skipped };
  }

  finish(): EngineUpdate {
    this.checkLive();
    this.state = 'finished';
    const rep = this.detector.finish();
    return { points: toColumns([]), reps: rep === null ? [] : [rep], skipped: 0 };
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
export function createReferenceEngine(settings?: Partial<EngineSettings>): IncrementalEngine {
  return new ReferenceEngine(resolveSettings(settings));
}

/** The reference port's whole-session run (same contract as `reprocess`). */
export function referenceReprocess(batch: SampleBatch, settings?: Partial<EngineSettings>): EngineUpdate {
  const engine = new ReferenceEngine(resolveSettings(settings));
  const pushed = engine.push(batch);
  const finished = engine.finish();
  return { points: pushed.points, reps: [...pushed.reps, ...finished.reps], skipped: pushed.skipped };
}
