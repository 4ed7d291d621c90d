/**
 * The oracle behind the engine's contract (`IncrementalEngine`, `reprocess`), for tests that
 * run either engine. A live session keeps every sample pushed and runs the whole-array oracle
 * (oracle.ts) over all of them at each push, handing out what is new since the last push: slow
 * on purpose, as the oracle is.
 */
import { checkBatchShape, describeLengths, resolveSettings } from '../settings';
import type { EngineOptions, EngineSettings, EngineUpdate, EngineUpdateWithPoints, IncrementalEngine, ProcessedPoints, SampleBatch } from '../types';
import { validateSettings } from './constants';
import { runOracle, type OracleRun } from './oracle';
import type { Samples } from './input';

type Update = EngineUpdate | EngineUpdateWithPoints;

class ReferenceEngine implements IncrementalEngine<Update> {
  private readonly samples = { timeUs: [] as number[], angleDeg: [] as number[], omega: [] as number[], alpha: [] as number[] };
  /** Whether the session's batches carry the device's ω and α, fixed by its first non-empty batch (session.rs `Engine::push`). */
  private device: [boolean, boolean] | null = null;
  private last: OracleRun | null = null;
  private state: 'live' | 'finished' | 'disposed' = 'live';

  constructor(
    private readonly settings: EngineSettings,
    private readonly keepPoints: boolean,
  ) {
    validateSettings(settings);
  }

  push(batch: SampleBatch): Update {
    this.checkLive();
    return this.since(this.take(batch) || this.last === null ? this.run(false) : this.last);
  }

  /** `batch` as the whole session: one push and the finish, in one update. */
  whole(batch: SampleBatch): Update {
    this.checkLive();
    this.take(batch);
    this.state = 'finished';
    return this.since(this.run(true));
  }

  finish(): Update {
    this.checkLive();
    this.state = 'finished';
    return this.since(this.run(true));
  }

  dispose(): void {
    this.state = 'disposed';
  }

  /** Adds the batch's samples to the session's (false for an empty batch). */
  private take(batch: SampleBatch): boolean {
    checkBatchShape(batch);
    const n = batch.timeUs.length;
    if ([batch.angleDeg, batch.angularVelocity, batch.angularAcceleration].some((c) => c !== undefined && c.length !== n)) {
      throw new Error(`Reference engine: every input array must have as many entries as timeUs (${describeLengths(batch)})`);
    }
    if (n === 0) return false;
    const present: [boolean, boolean] = [batch.angularVelocity !== undefined, batch.angularAcceleration !== undefined];
    this.device ??= present;
    if (this.device[0] !== present[0] || this.device[1] !== present[1]) {
      throw new Error('Reference engine: device angular velocity/acceleration must be given in every batch of a session or in none');
    }
    for (let i = 0; i < n; i++) {
      this.samples.timeUs.push(batch.timeUs[i]!);
      this.samples.angleDeg.push(batch.angleDeg[i]!);
      this.samples.omega.push(batch.angularVelocity?.[i] ?? 0);
      this.samples.alpha.push(batch.angularAcceleration?.[i] ?? 0);
    }
    return true;
  }

  private run(finished: boolean): OracleRun {
    const [omega, alpha] = this.device ?? [false, false];
    const samples: Samples = { timeUs: this.samples.timeUs, angleDeg: this.samples.angleDeg, ...(omega && { omega: this.samples.omega }), ...(alpha && { alpha: this.samples.alpha }) };
    return runOracle(samples, this.settings, finished, this.keepPoints);
  }

  /** What `run` has that the last run did not, and makes it the last. */
  private since(run: OracleRun): Update {
    const before = this.last;
    this.last = run;
    const [points, reps, turns] = [before?.pointCount ?? 0, before?.reps.length ?? 0, before?.turns.length ?? 0];
    const [now, then] = [run.problems, before?.problems];
    const saturated = now.saturated - (then?.saturated ?? 0);
    const update: EngineUpdate = {
      reps: run.reps.slice(reps),
      turns: run.turns.slice(turns),
      skipped: run.skipped - (before?.skipped ?? 0),
      pointCount: run.pointCount - points,
      // Counts of this call; the saturation limit only with a saturation in it (session.rs `Update`).
      problems: {
        rejected: now.rejected - (then?.rejected ?? 0),
        unwrapped: now.unwrapped - (then?.unwrapped ?? 0),
        saturated,
        saturationDeg: saturated > 0 ? now.saturationDeg : 0,
        refused: now.refused - (then?.refused ?? 0),
        gaps: (now.gaps ?? 0) - (then?.gaps ?? 0),
      },
    };
    if (run.points === null) return update;
    return { ...update, points: Object.fromEntries(Object.entries(run.points).map(([name, column]) => [name, column.slice(points)])) as ProcessedPoints };
  }

  private checkLive(): void {
    if (this.state === 'finished') throw new Error('Reference engine: the engine has finished; create a new one for more data');
    if (this.state === 'disposed') throw new Error('Reference engine: the engine was disposed; create a new one');
  }
}

/** The oracle's live engine (the contract of `createEngine`). */
export function createReferenceEngine(settings: Partial<EngineSettings> | undefined, options: EngineOptions & { points: true }): IncrementalEngine<EngineUpdateWithPoints>;
export function createReferenceEngine(settings?: Partial<EngineSettings>, options?: EngineOptions): IncrementalEngine;
export function createReferenceEngine(settings?: Partial<EngineSettings>, options: EngineOptions = {}): IncrementalEngine<Update> {
  return new ReferenceEngine(resolveSettings(settings), options.points === true);
}

/** The oracle over a whole session (the contract of `reprocess`). */
export function referenceReprocess(batch: SampleBatch, settings: Partial<EngineSettings> | undefined, options: EngineOptions & { points: true }): EngineUpdateWithPoints;
export function referenceReprocess(batch: SampleBatch, settings?: Partial<EngineSettings>, options?: EngineOptions): EngineUpdate;
export function referenceReprocess(batch: SampleBatch, settings?: Partial<EngineSettings>, options: EngineOptions = {}): Update {
  const engine = new ReferenceEngine(resolveSettings(settings), options.points === true);
  return engine.whole(batch);
}
