/**
 * Synthetic flywheel sessions for the engine tests and benchmark, and a session pushed in slices.
 * A session is a set of yo-yo reps whose truth is known on paper: still with the rope wound,
 * a cosine pull out to 0°, a sine wind-up to the other side, still again.
 */
import { createRandom } from '../../src/device/simulation/random';
import type { EngineUpdateWithPoints, SampleBatch } from '../../src/engine';

export interface YoYoSet {
  /** Wound positions, degrees: rep k pulls out from woundDeg[k] and winds to woundDeg[k + 1]. */
  woundDeg: number[];
  /** Angular speed at the turn, °/s (both phases meet it, as a flywheel keeps its speed). */
  peakDegS: number;
  restS: number;
}


export const phaseS = (set: YoYoSet, wound: number) => (wound * Math.PI) / 2 / set.peakDegS;

export function durationS(set: YoYoSet): number {
  let t = set.restS;
  for (let k = 0; k + 1 < set.woundDeg.length; k++) t += phaseS(set, set.woundDeg[k]!) + phaseS(set, set.woundDeg[k + 1]!) + set.restS;
  return t;
}

/** Angle at `t` seconds. */
export function angleAt(set: YoYoSet, t: number): number {
  let u = t - set.restS;
  let sign = 1;
  for (let k = 0; k + 1 < set.woundDeg.length; k++) {
    const [a, b] = [set.woundDeg[k]!, set.woundDeg[k + 1]!];
    if (u < 0) return sign * a;
    const [tc, te] = [phaseS(set, a), phaseS(set, b)];
    if (u < tc) return sign * a * Math.cos((Math.PI / 2) * (u / tc));
    if (u < tc + te) return -sign * b * Math.sin((Math.PI / 2) * ((u - tc) / te));
    u -= tc + te + set.restS;
    sign = -sign;
  }
  return sign * set.woundDeg[set.woundDeg.length - 1]!;
}

export interface Sampling {
  inputHz: number;
  /** Time jitter, fraction of the sample period (< 0.5 keeps times increasing). */
  jitter: number;
  noiseDeg: number;
  seed: number;
  /** Extra rest sampled after the set, s (default 0). */
  tailS?: number;
}

/** Samples `set` like a unit would, with jitter and noise. */
export function sampleSet(set: YoYoSet, s: Sampling): SampleBatch {
  const random = createRandom(s.seed).uniform;
  const n = Math.floor((durationS(set) + (s.tailS ?? 0)) * s.inputHz);
  const timeUs = new Float64Array(n);
  const angleDeg = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = (i + s.jitter * (2 * random() - 1)) / s.inputHz;
    timeUs[i] = t * 1e6;
    // Sum of two uniforms: cheap, bell-shaped noise.
    angleDeg[i] = angleAt(set, Math.max(t, 0)) + s.noiseDeg * (random() + random() - 1);
  }
  return { timeUs, angleDeg };
}

/** Runs `batch` through `engine` in slices of the given sizes (cycled), then finishes. */
export function pushInSlices(
  engine: { push(b: SampleBatch): EngineUpdateWithPoints; finish(): EngineUpdateWithPoints },
  batch: SampleBatch,
  sizes: number[],
): EngineUpdateWithPoints {
  const parts: EngineUpdateWithPoints[] = [];
  const n = batch.timeUs.length;
  for (let i = 0, s = 0; i < n; s++) {
    const j = Math.min(n, i + Math.max(1, sizes[s % sizes.length]!));
    const slice = (c?: Float64Array) => c?.subarray(i, j);
    parts.push(
      engine.push({
        timeUs: slice(batch.timeUs)!,
        angleDeg: slice(batch.angleDeg)!,
        ...(batch.angularVelocity && { angularVelocity: slice(batch.angularVelocity) }),
        ...(batch.angularAcceleration && { angularAcceleration: slice(batch.angularAcceleration) }),
      }),
    );
    i = j;
  }
  parts.push(engine.finish());
  const concat = (name: string) => {
    const columns = parts.map((p) => (p.points as unknown as Record<string, Float64Array>)[name]!);
    const out = new Float64Array(columns.reduce((n, c) => n + c.length, 0));
    columns.reduce((at, c) => (out.set(c, at), at + c.length), 0);
    return out;
  };
  return {
    points: Object.fromEntries(Object.keys(parts[0]!.points).map((k) => [k, concat(k)])) as unknown as EngineUpdateWithPoints['points'],
    reps: parts.flatMap((p) => p.reps),
    turns: parts.flatMap((p) => p.turns),
    skipped: parts.reduce((n, p) => n + p.skipped, 0),
    pointCount: parts.reduce((n, p) => n + p.pointCount, 0),
  };
}
