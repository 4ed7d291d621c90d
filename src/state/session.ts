/**
 * The app's one live session, wired to the real engine and the workout settings, plus the view
 * the Workout screen reads. The engine loads after start-up (see engine/lazy.ts): importing this
 * module starts the load, and connecting a unit waits for it.
 */
import { computed } from '@preact/signals-react';
import { lazyEngine, loadEngine } from '../engine/lazy';
import { speech } from '../platform/speech';
import { buildWorkoutView } from '../rules/workoutView';
import { showError } from './alerts';
import { bindLiveSession } from './connection';
import { createLiveSession } from './liveSession';
import { engineSettings, settings } from './settings';
import { startVoiceFeedback } from './voice';

void loadEngine();

export const liveSession = createLiveSession({
  engine: lazyEngine,
  settings: engineSettings,
  onError: showError,
});

/** Everything the Workout screen shows about the set (rows, target, band, best, completion). */
export const workoutView = computed(() => buildWorkoutView(liveSession.reps.value, settings.value));

bindLiveSession(liveSession);
startVoiceFeedback({ session: liveSession, settings, view: workoutView, speech, onError: showError });
