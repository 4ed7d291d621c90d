/**
 * The app's stores: signals the views read and the services write, one typed object per concern.
 * The composition root makes one set per app (`createStores`) and hands it to the services that
 * write it and, through `useApp()`, to the views; a test that builds an app gets a fresh set. A
 * new store is a `createX()` in a file of this folder, added here (ARCHITECTURE.md, "Where a
 * change goes").
 */
import { createAlerts, type Alerts } from './alerts';
import { createConnectionStore, type ConnectionStore } from './connection';
import { createSettingsStore, type SettingsStore } from './settings';
import { createWorkoutHints, type WorkoutHints } from './workoutHints';

export type { Alerts, Notice, NoticeAction } from './alerts';
export type { ConnectionState, ConnectionStore, DemoControls } from './connection';
export type { SettingsStore } from './settings';
export type { WorkoutDialog, WorkoutHints } from './workoutHints';
export { demoControls } from './connection';
export { SETTINGS_KEY } from './settings';

export interface Stores {
  /** Errors and confirmations of the alert region. */
  readonly alerts: Alerts;
  /** The workout settings, loaded and kept by the composition root. */
  readonly settings: SettingsStore;
  /** The unit's connection, moved by the link service. */
  readonly connection: ConnectionStore;
  /** The Workout screen's quiet lines and which of its dialogs is open. */
  readonly workoutHints: WorkoutHints;
}

export function createStores(): Stores {
  return {
    alerts: createAlerts(),
    settings: createSettingsStore(),
    connection: createConnectionStore(),
    workoutHints: createWorkoutHints(),
  };
}
