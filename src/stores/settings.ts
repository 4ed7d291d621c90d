/**
 * The live workout settings signal, loaded from storage before the first render and written back
 * on every change, so settings survive reloads. Changes go through `updateSettings`, which checks
 * the result: a bad edit throws instead of silently corrupting what is stored.
 */
import { computed, effect, signal } from '@preact/signals-react';
import type { EngineSettings } from '../engine/types';
import { storage, storageProblem } from '../platform/storage';
import { plateTotal } from '../rules/plates';
import { DEFAULT_SETTINGS, parseStoredSettings, validateSettings, type WorkoutSettings } from '../rules/settingsModel';

export const SETTINGS_KEY = 'repline.settings.v1';

/** Why the stored settings were not used, shown once by the alert region. */
export const settingsLoadError = signal<string | null>(null);

function load(): WorkoutSettings {
  const stored = storage().read(SETTINGS_KEY);
  if (stored === null) return { ...DEFAULT_SETTINGS, plates: [...DEFAULT_SETTINGS.plates] };
  try {
    return parseStoredSettings(stored);
  } catch (error) {
    settingsLoadError.value = `Saved settings were reset to defaults: ${(error as Error).message}`;
    return { ...DEFAULT_SETTINGS, plates: [...DEFAULT_SETTINGS.plates] };
  }
}

export const settings = signal<WorkoutSettings>(load());

/** Workout inertia, kg·m²: the plate total (SPEC §3 "The total is the workout inertia"). */
export const inertia = computed(() => plateTotal(settings.value.plates));

/** What the engine needs from the settings; a change here reprocesses the session. */
export const engineSettings = computed<EngineSettings>(() => {
  const s = settings.value;
  return {
    hz: s.hz,
    radius: s.radius,
    inertia: inertia.value,
    mass: s.mass,
    calcAngularVelocity: s.calcAngularVelocity,
    calcAngularAcceleration: s.calcAngularAcceleration,
    warmup: s.warmup,
  };
});

export function updateSettings(patch: Partial<WorkoutSettings>): void {
  settings.value = validateSettings({ ...settings.value, ...patch });
}

/** Reloads from storage (tests, and a future "reset settings" action). */
export function reloadSettings(): void {
  settings.value = load();
}

/** Why settings will not be kept after this visit, shown once by the alert region; null while they are. */
export const settingsNotKept = signal<string | null>(null);

effect(() => {
  storage().write(SETTINGS_KEY, JSON.stringify(settings.value));
  const problem = storageProblem();
  if (problem !== null && settingsNotKept.peek() === null) {
    settingsNotKept.value = `Settings will not be kept after this visit: ${problem}. The workout works as usual.`;
  }
});
