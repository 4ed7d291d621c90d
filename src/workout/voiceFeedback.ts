/**
 * Voice feedback (docs/behaviour.md §4, §9): each rep the live stream closes — when the next pull
 * is under way, or once the rope has rested after it — is said in the chosen metric and phase, to
 * two decimals. When the rep ends a Fatigue set, the same utterance adds "Set complete" (one
 * utterance, so the second phrase cannot cut off the first).
 */
import type { ReadonlySignal } from '@preact/signals-react';
import type { Rep } from '../engine/types';
import type { SpeechPort } from '../platform/speech/port';
import { fixed2 } from '../rules/labels';
import type { WorkoutView } from '../rules/workoutView';
import type { LiveSession } from './liveSession';
import type { WorkoutSettings } from '../rules/settingsModel';
import { messageOf } from '../shared/messageOf';

export interface VoiceDeps {
  session: Pick<LiveSession, 'onRepsClosed'>;
  settings: ReadonlySignal<WorkoutSettings>;
  view: ReadonlySignal<WorkoutView>;
  speech: () => SpeechPort;
  onError: (message: string) => void;
}

/** The phrase for a newly closed rep, or null when voice feedback is off. */
export function repPhrase(rep: Rep, s: WorkoutSettings, completesSet: boolean): string | null {
  if (!s.isVoiceFeedback) return null;
  const value = fixed2(rep[s.phase][s.metric]);
  return completesSet ? `${value}. Set complete` : value;
}

/** docs/behaviour.md §4: toggling voice feedback says so. */
export function togglePhrase(on: boolean): string {
  return on ? 'Voice Feedback Enabled' : 'Voice Feedback Disabled';
}

/** Starts speaking after reps; returns the function that stops it. */
export function startVoiceFeedback({ session, settings, view, speech, onError }: VoiceDeps): () => void {
  let wasComplete = view.peek().setComplete;
  return session.onRepsClosed((reps) => {
    const complete = view.peek().setComplete;
    const phrase = repPhrase(reps[reps.length - 1], settings.peek(), complete && !wasComplete);
    wasComplete = complete;
    if (phrase === null) return;
    try {
      speech().speak(phrase);
    } catch (error) {
      onError(`Voice feedback failed: ${messageOf(error)}`);
    }
  });
}
