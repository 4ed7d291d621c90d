/**
 * The app's one live session, wired to the real engine and the workout settings, plus the view
 * the Workout screen reads. The engine loads after start-up (see engine/lazy.ts): importing this
 * module starts the load, and connecting a unit waits for it.
 */
import { computed } from '@preact/signals-react';
import { lazyEngine, loadEngine } from '../engine/lazy';
import { speech } from '../platform/speech';
import { buildWorkoutView } from '../rules/workoutView';
import { showError } from '../stores/alerts';
import { bindLiveSession } from '../link/connection';
import { createLiveSession } from './liveSession';
import { engineSettings, settings } from '../stores/settings';
import { startVoiceFeedback } from './voiceFeedback';

void loadEngine();

export const liveSession = createLiveSession({
  engine: lazyEngine,
  settings: engineSettings,
  onError: showError,
});

/** Everything the Workout screen shows about the set (rows, target, band, best, completion). */
export const workoutView = computed(() => buildWorkoutView(liveSession.reps.value, settings.value));

/**
 * What the Workout screen says about the unit's samples this set: null while every sample was
 * taken, else how many problems (skipped packets or samples, clock breaks) and the latest one.
 * Kept on screen for the set, since a dropped sample or a break changes what the table can show.
 */
export const streamNote = computed(() => {
  const { warnings, lastWarning } = liveSession.stats.value;
  if (warnings === 0 || lastWarning === null) return null;
  return `Problems with the unit's samples this set: ${warnings}. Latest: ${lastWarning}`;
});

bindLiveSession(liveSession);
startVoiceFeedback({ session: liveSession, settings, view: workoutView, speech, onError: showError });
