/**
 * The workout settings store. The composition root loads it from storage before the first render
 * (`loadSettings`) and writes it back on every change (`keepSettings`), so settings survive
 * reloads. Changes go through `updateSettings`, which checks the result: a bad edit throws
 * instead of silently corrupting what is stored.
 */
import { computed, effect, signal } from '@preact/signals-react';
import type { EngineSettings } from '../engine/types';
import type { StoragePort } from '../platform/storage/port';
import { plateTotal } from '../rules/plates';
import { DEFAULT_SETTINGS, parseStoredSettings, validateSettings, type WorkoutSettings } from '../rules/settingsModel';
import { messageOf } from '../shared/messageOf';

export const SETTINGS_KEY = 'repline.settings.v1';

/** Why the stored settings were not used, shown once by the alert region. */
export const settingsLoadError = signal<string | null>(null);

const defaults = (): WorkoutSettings => ({ ...DEFAULT_SETTINGS, plates: [...DEFAULT_SETTINGS.plates] });

function load(port: StoragePort): WorkoutSettings {
  const stored = port.read(SETTINGS_KEY);
  if (stored === null) return defaults();
  try {
    return parseStoredSettings(stored);
  } catch (error) {
    settingsLoadError.value = `Saved settings were reset to defaults: ${messageOf(error)}`;
    return defaults();
  }
}

export const settings = signal<WorkoutSettings>(defaults());

/** Workout inertia, kg·m²: the plate total (docs/behaviour.md §3 "The total is the workout inertia"). */
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

/** The stored settings, or the defaults (with `settingsLoadError` saying why) when they cannot be used. */
export function loadSettings(port: StoragePort): void {
  settings.value = load(port);
}

/** Back to the defaults (Delete all data); `keepSettings` stores them. */
export function resetSettings(): void {
  settings.value = defaults();
}

/** Why settings will not be kept after this visit, shown once by the alert region; null while they are. */
export const settingsNotKept = signal<string | null>(null);

/** Writes the settings to storage now and after every change; returns the function that stops. */
export function keepSettings(port: () => StoragePort, storageProblem: () => string | null): () => void {
  return effect(() => {
    port().write(SETTINGS_KEY, JSON.stringify(settings.value));
    const problem = storageProblem();
    if (problem !== null && settingsNotKept.peek() === null) {
      settingsNotKept.value = `Settings will not be kept after this visit: ${problem}. The workout works as usual.`;
    }
  });
}
