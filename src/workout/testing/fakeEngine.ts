/**
 * A stand-in engine with rules simple enough to predict by hand, so live-session tests check the
 * session's plumbing (framing, reprocessing, finishing) and not the physics: a rep closes each
 * time the angle comes back to 0° after rising; every concentric metric of the rep equals
 * peak angle / 100 × (1 + inertia), every eccentric metric half of that. Its turn is certain at
 * the first sample below the peak. Samples whose time does not increase are skipped. `finish`
 * closes a rep still above 0°.
 */
import type { EngineSettings, EngineUpdate, IncrementalEngine, Rep, SampleBatch, Turn } from '../../engine/types';
import { phaseOf } from '../../rules/fixtures';
import type { EngineApi } from '../liveSession';

export function createFakeEngine(settings: Partial<EngineSettings> = {}): IncrementalEngine & { disposed: boolean } {
  const inertia = settings.inertia ?? 0;
  const warmup = settings.warmup ?? 1;
  let index = 0;
  let peak = 0;
  let lastTime = Number.NEGATIVE_INFINITY;
  let position = 0;
  let turned = false;
  /** Time of the first sample of the rep in progress, µs. */
  let startUs = Number.NaN;
  const concentric = () => phaseOf((peak / 100) * (1 + inertia));
  const turn = (): Turn => {
    turned = true;
    return { index, count: index - warmup + 1, start: position, turn: position, startUs, concentric: concentric() };
  };
  const close = (): Rep => {
    const value = (peak / 100) * (1 + inertia);
    const rep: Rep = {
      index,
      count: index - warmup + 1,
      start: position,
      turn: position,
      end: position,
      concentric: phaseOf(value),
      eccentric: phaseOf(value / 2),
      startUs,
      endUs: lastTime,
      peakPowerRatio: 0.5,
      meanPowerRatio: 0.5,
    };
    index += 1;
    peak = 0;
    turned = false;
    startUs = Number.NaN;
    return rep;
  };
  const engine = {
    disposed: false,
    push(batch: SampleBatch): EngineUpdate {
      if (engine.disposed) throw new Error('engine used after dispose');
      const reps: Rep[] = [];
      const turns: Turn[] = [];
      let skipped = 0;
      const before = position;
      for (let i = 0; i < batch.timeUs.length; i++) {
        if (!(batch.timeUs[i] > lastTime)) {
          skipped += 1;
          continue;
        }
        lastTime = batch.timeUs[i];
        position += 1;
        if (Number.isNaN(startUs)) startUs = lastTime;
        const angle = batch.angleDeg[i];
        if (angle > peak) peak = angle;
        else if (!turned && angle < peak) turns.push(turn());
        if (angle <= 0 && peak > 0) reps.push(close());
      }
      return { pointCount: position - before, reps, turns, skipped };
    },
    finish(): EngineUpdate {
      return { pointCount: 0, reps: peak > 0 ? [close()] : [], turns: [], skipped: 0 };
    },
    dispose() {
      engine.disposed = true;
    },
  };
  return engine;
}

export const fakeEngineApi: EngineApi = {
  createEngine: createFakeEngine,
  reprocess(batch, settings) {
    const engine = createFakeEngine(settings);
    const pushed = engine.push(batch);
    const finished = engine.finish();
    return { pointCount: pushed.pointCount, reps: [...pushed.reps, ...finished.reps], turns: [...pushed.turns, ...finished.turns], skipped: pushed.skipped };
  },
};

/** One rep's samples: up to `peak` degrees and back to 0, 5 ms apart from `startUs`. */
export function repSamples(startUs: number, peak: number): { timeUs: number[]; angleDeg: number[] } {
  const angleDeg = [peak / 2, peak, peak / 2, 0];
  return { timeUs: angleDeg.map((_, i) => startUs + (i + 1) * 5000), angleDeg };
}
