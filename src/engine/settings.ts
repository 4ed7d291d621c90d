/**
 * Engine settings on the TypeScript side: the defaults (the engine's, see ranges.ts), a caller's
 * partial settings made complete, and descriptions of settings and batches for
 * error messages. Both engines (wasm and the oracle in `reference/`) start here, so a typo'd type ("200"
 * for hz, 1 for a flag) fails the same way before any number reaches an engine. Ranges are
 * checked by the engines themselves (the engine's ranges: `RANGES` in ranges.ts).
 */
import { ENGINE_DEFAULTS } from './ranges';
import type { EngineSettings, SampleBatch } from './types';

/** The engine's defaults (engine-rs/src/settings.rs, via pkg/settings.json). */
export const DEFAULT_ENGINE_SETTINGS: Readonly<EngineSettings> = ENGINE_DEFAULTS;

/** Defaults overridden by every field of `partial` that is not undefined, each of its default's type. */
export function resolveSettings(partial: Partial<EngineSettings> = {}): EngineSettings {
  const settings: EngineSettings = { ...DEFAULT_ENGINE_SETTINGS };
  for (const key of Object.keys(settings) as (keyof EngineSettings)[]) {
    const value: unknown = partial[key];
    if (value === undefined) continue;
    const kind = typeof settings[key];
    if (typeof value !== kind) {
      throw new Error(`Invalid engine settings: ${key} must be ${kind === 'number' ? 'a number' : 'true or false'} (got ${JSON.stringify(value)})`);
    }
    (settings as Record<keyof EngineSettings, unknown>)[key] = value;
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
