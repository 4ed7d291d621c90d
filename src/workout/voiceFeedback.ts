/**
 * Voice feedback (docs/behaviour.md §4, §9): each rep is said once, in the chosen metric and
 * phase, to two decimals, as soon as that phase's figure is certain. With the concentric shown
 * that is at the turn (the athlete hears the pull's figure while lowering the rope, not a return
 * later); with the eccentric shown it is when the rep closes.
 *
 * When the rep ends a Fatigue set, the same utterance adds "Set complete"; when it reaches the
 * rep goal, "Set done" (one utterance, so the second phrase cannot cut off the first). Both are
 * said once per set: the flags rearm when the set is cleared.
 */
import type { ReadonlySignal } from '@preact/signals-react';
import type { PhaseSummary } from '../engine/types';
import type { SpeechPort } from '../platform/speech/port';
import { fixed2 } from '../rules/labels';
import type { WorkoutView } from '../rules/workoutView';
import type { LiveReps, LiveSession } from './liveSession';
import type { WorkoutSettings } from '../rules/settingsModel';
import { messageOf } from '../shared/messageOf';

export interface VoiceDeps {
  session: Pick<LiveSession, 'onLiveReps'>;
  settings: ReadonlySignal<WorkoutSettings>;
  view: ReadonlySignal<WorkoutView>;
  speech: () => SpeechPort;
  onError: (message: string) => void;
}

/** How the set stands after the rep being said. */
export type SetNews = 'none' | 'complete' | 'done';

/** The phrase for a rep's figure, or null when voice feedback is off. */
export function repPhrase(figure: number, s: Pick<WorkoutSettings, 'isVoiceFeedback'>, news: SetNews): string | null {
  if (!s.isVoiceFeedback) return null;
  const value = fixed2(figure);
  if (news === 'complete') return `${value}. Set complete`;
  if (news === 'done') return `${value}. Set done`;
  return value;
}

/** docs/behaviour.md §4: toggling voice feedback says so. */
export function togglePhrase(on: boolean): string {
  return on ? 'Voice Feedback Enabled' : 'Voice Feedback Disabled';
}

/** The rep whose figure this frame made certain in the shown phase, if any. */
function certainFigure(news: LiveReps, s: WorkoutSettings): { index: number; phase: PhaseSummary } | null {
  const closed = news.closed.at(-1);
  if (s.phase === 'concentric' && news.turn !== null && (closed === undefined || news.turn.index > closed.index)) {
    return { index: news.turn.index, phase: news.turn.concentric };
  }
  return closed === undefined ? null : { index: closed.index, phase: closed[s.phase] };
}

/** Starts speaking after reps; returns the function that stops it. */
export function startVoiceFeedback({ session, settings, view, speech, onError }: VoiceDeps): () => void {
  let said = -1;
  let wasComplete = view.peek().setComplete;
  let wasDone = view.peek().setDone;
  return session.onLiveReps((news) => {
    const s = settings.peek();
    const figure = certainFigure(news, s);
    const now = view.peek();
    if (now.rows.length === 0 || (figure !== null && figure.index < said)) said = -1;
    if (figure === null || figure.index <= said) return;
    said = figure.index;
    const setNews: SetNews = now.setComplete && !wasComplete ? 'complete' : now.setDone && !wasDone ? 'done' : 'none';
    wasComplete = now.setComplete;
    wasDone = now.setDone;
    const phrase = repPhrase(figure.phase[s.metric], s, setNews);
    if (phrase === null) return;
    try {
      speech().speak(phrase);
    } catch (error) {
      onError(`Voice feedback failed: ${messageOf(error)}`);
    }
  });
}
