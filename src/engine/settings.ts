/**
 * Turns a caller's partial settings into complete {@link EngineSettings}, and describes a
 * batch for error messages. Both engines (wasm and the reference port) start here, so a typo'd
 * type ("200" for hz, 1 for a flag) fails the same way before any number reaches an engine.
 * Ranges (hz 1–1000, radius > 0, warmup 1–3 …) are checked by the engines themselves.
 */
import { DEFAULT_ENGINE_SETTINGS, type EngineSettings, type SampleBatch } from './types';

const NUMBER_FIELDS = ['hz', 'radius', 'inertia', 'mass', 'warmup'] as const;
const BOOLEAN_FIELDS = ['calcAngularVelocity', 'calcAngularAcceleration'] as const;

/** Defaults (SPEC §3) overridden by every field of `partial` that is not undefined. */
export function resolveSettings(partial: Partial<EngineSettings> = {}): EngineSettings {
  const settings: EngineSettings = { ...DEFAULT_ENGINE_SETTINGS };
  for (const key of NUMBER_FIELDS) {
    const value: unknown = partial[key];
    if (value === undefined) continue;
    if (typeof value !== 'number') throw new Error(`Invalid engine settings: ${key} must be a number (got ${JSON.stringify(value)})`);
    settings[key] = value;
  }
  for (const key of BOOLEAN_FIELDS) {
    const value: unknown = partial[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new Error(`Invalid engine settings: ${key} must be true or false (got ${JSON.stringify(value)})`);
    settings[key] = value;
  }
  return settings;
}

/** "hz=200, radius=0.014, …" for error messages. */
export function describeSettings(s: EngineSettings): string {
  return Object.entries(s)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ');
}

/** "timeUs 10, angleDeg 9, angularVelocity 10" for error messages. */
export function describeLengths(batch: SampleBatch): string {
  const parts = [`timeUs ${batch.timeUs.length}`, `angleDeg ${batch.angleDeg.length}`];
  if (batch.angularVelocity) parts.push(`angularVelocity ${batch.angularVelocity.length}`);
  if (batch.angularAcceleration) parts.push(`angularAcceleration ${batch.angularAcceleration.length}`);
  return parts.join(', ');
}

/** Throws unless `batch` has `timeUs` and `angleDeg` arrays (a caller bug, not bad data). */
export function checkBatchShape(batch: SampleBatch): void {
  const ok = (a: unknown) => ArrayBuffer.isView(a) || Array.isArray(a);
  if (typeof batch !== 'object' || batch === null || !ok(batch.timeUs) || !ok(batch.angleDeg)) {
    throw new Error('SampleBatch needs timeUs and angleDeg arrays');
  }
  for (const key of ['angularVelocity', 'angularAcceleration'] as const) {
    if (batch[key] !== undefined && !ok(batch[key])) throw new Error(`SampleBatch.${key} must be an array when given`);
  }
}
