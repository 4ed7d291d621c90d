/**
 * The app's one live session, wired to the real engine and the workout settings, plus the view
 * the Workout screen reads. Importing this module loads the engine (wasm, top-level await).
 */
import { computed } from '@preact/signals-react';
import { createEngine, reprocess } from '../engine';
import { speech } from '../platform/speech';
import { buildWorkoutView } from '../rules/workoutView';
import { showError } from './alerts';
import { bindLiveSession } from './connection';
import { createLiveSession } from './liveSession';
import { engineSettings, settings } from './settings';
import { startVoiceFeedback } from './voice';

export const liveSession = createLiveSession({
  engine: { createEngine, reprocess },
  settings: engineSettings,
  onError: showError,
});

/** Everything the Workout screen shows about the set (rows, target, band, best, completion). */
export const workoutView = computed(() => buildWorkoutView(liveSession.reps.value, settings.value));

bindLiveSession(liveSession);
startVoiceFeedback({ session: liveSession, settings, view: workoutView, speech, onError: showError });
