/**
 * The engine's settings as a stored session keeps them (log/records.ts `JournalSettings.engine`),
 * checked when a session comes from outside the device (log/validate.ts). Its own module, not
 * settingsModel.ts: the Workout screen's start-up bundle carries the settings model, and this
 * check is only needed where a backup or a pull is read.
 */
import { ENGINE_DEFAULTS } from '../engine/ranges';

/** Throws an Error naming the first engine setting `engine` lacks (every one the engine has, of its type). */
export function checkEngineSettings(engine: unknown): void {
  const e = engine as Record<string, unknown> | null | undefined;
  for (const [key, value] of Object.entries(ENGINE_DEFAULTS)) if (typeof e?.[key] !== typeof value) throw new Error(`engine setting ${key} is missing`);
}
