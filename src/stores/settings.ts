/**
 * The workout settings store. The composition root loads it from storage before the first render
 * (`load`) and writes it back on every change (`keep`), so settings survive reloads. Changes go
 * through `update`, which checks the result: a bad edit throws instead of silently corrupting
 * what is stored.
 */
import { computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { EngineSettings } from '../engine/types';
import type { StoragePort } from '../platform/storage/port';
import { plateTotal } from '../rules/plates';
import { DEFAULT_SETTINGS, parseStoredSettings, validateSettings, type WorkoutSettings } from '../rules/settingsModel';
import { messageOf } from '../shared/messageOf';

export const SETTINGS_KEY = 'repline.settings.v1';

export interface SettingsStore {
  /** The settings now. A journaled session shown again brings its own (the journal sets them whole). */
  readonly current: Signal<WorkoutSettings>;
  /** Workout inertia, kg·m²: the plate total (docs/behaviour.md §3 "their total is the workout inertia"). */
  readonly inertia: ReadonlySignal<number>;
  /** What the engine needs from the settings; a change here reprocesses the session. */
  readonly engine: ReadonlySignal<EngineSettings>;
  /** Why the stored settings were not used, shown once by the alert region (which clears it). */
  readonly loadError: Signal<string | null>;
  /** Why settings will not be kept after this visit, shown once by the alert region; null while they are. */
  readonly notKept: ReadonlySignal<string | null>;
  /** Applies `patch` when the result is valid; throws (and changes nothing) otherwise. */
  update(patch: Partial<WorkoutSettings>): void;
  /** The stored settings, or the defaults (with `loadError` saying why) when they cannot be used. */
  load(port: StoragePort): void;
  /** Back to the defaults (Delete all data); `keep` stores them. */
  reset(): void;
  /** Writes the settings to storage now and after every change; returns the function that stops. */
  keep(port: () => StoragePort, storageProblem: () => string | null): () => void;
}

const defaults = (): WorkoutSettings => ({ ...DEFAULT_SETTINGS, plates: [...DEFAULT_SETTINGS.plates] });

export function createSettingsStore(): SettingsStore {
  const current = signal<WorkoutSettings>(defaults());
  const loadError = signal<string | null>(null);
  const notKept = signal<string | null>(null);
  const inertia = computed(() => plateTotal(current.value.plates));
  const engine = computed<EngineSettings>(() => {
    const s = current.value;
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

  function stored(port: StoragePort): WorkoutSettings {
    const text = port.read(SETTINGS_KEY);
    if (text === null) return defaults();
    try {
      return parseStoredSettings(text);
    } catch (error) {
      loadError.value = `Saved settings were reset to defaults: ${messageOf(error)}`;
      return defaults();
    }
  }

  return {
    current,
    inertia,
    engine,
    loadError,
    notKept,
    update(patch) {
      current.value = validateSettings({ ...current.value, ...patch });
    },
    load(port) {
      current.value = stored(port);
    },
    reset() {
      current.value = defaults();
    },
    keep(port, storageProblem) {
      return effect(() => {
        port().write(SETTINGS_KEY, JSON.stringify(current.value));
        const problem = storageProblem();
        if (problem !== null && notKept.peek() === null) {
          notKept.value = `Settings will not be kept after this visit: ${problem}. The workout works as usual.`;
        }
      });
    },
  };
}
