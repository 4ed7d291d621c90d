import { computed, signal } from '@preact/signals-react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { createRecordingSpeech } from '../platform/speech/recordingSpeech';
import { buildWorkoutView } from '../rules/workoutView';
import { createLiveSession } from './liveSession';
import { DEFAULT_SETTINGS, type WorkoutSettings } from '../rules/settingsModel';
import { fakeEngineApi, repSamples } from './testing/fakeEngine';
import { createFakeUnit } from '../device/testing/fakeUnit';
import { startVoiceFeedback, togglePhrase } from './voiceFeedback';

function setup(patch: Partial<WorkoutSettings>) {
  const settings = signal<WorkoutSettings>({ ...DEFAULT_SETTINGS, isVoiceFeedback: true, ...patch });
  const session = createLiveSession({
    engine: fakeEngineApi,
    settings: signal({ ...DEFAULT_ENGINE_SETTINGS }),
    requestFrame: (cb) => cb(),
    onError: () => {},
  });
  const view = computed(() => buildWorkoutView(session.reps.value, settings.value));
  const speech = createRecordingSpeech();
  const errors: string[] = [];
  startVoiceFeedback({ session, settings, view, speech: () => speech, onError: (m) => errors.push(m) });
  const unit = createFakeUnit();
  session.attach(unit);
  return { settings, speech, unit, errors };
}

describe('voice feedback', () => {
  it('says the value of each closed rep to two decimals', () => {
    const { speech, unit } = setup({});
    unit.emitSamples(repSamples(0, 90));
    unit.emitSamples(repSamples(100_000, 87.5));
    expect(speech.spoken).toEqual(['0.90', '0.88']);
  });

  it('says the eccentric value when that phase is shown', () => {
    const { speech, unit } = setup({ phase: 'eccentric' });
    unit.emitSamples(repSamples(0, 90));
    expect(speech.spoken).toEqual(['0.45']);
  });

  it('stays quiet when voice feedback is off', () => {
    const { speech, unit } = setup({ isVoiceFeedback: false });
    unit.emitSamples(repSamples(0, 90));
    expect(speech.spoken).toEqual([]);
  });

  it('adds "Set complete" once, when a Fatigue set drops past its bound', () => {
    const { speech, unit } = setup({ target: 'Fatigue', dropValue: 10 });
    [50, 100, 95, 85, 80].forEach((peak, i) => unit.emitSamples(repSamples(i * 100_000, peak)));
    expect(speech.spoken).toEqual(['0.50', '1.00', '0.95', '0.85. Set complete', '0.80']);
  });

  it('never says "Set complete" in a Zone set: a rep below the zone is only an invalid rep', () => {
    // Zone 1.0 with a 15 % drop, warmup 2: the first counted rep (0.83) is below the band.
    const { speech, unit } = setup({ target: 'Zone', targetValue: 1, dropValue: 15, warmup: 2 });
    [50, 90, 83, 95].forEach((peak, i) => unit.emitSamples(repSamples(i * 100_000, peak)));
    expect(speech.spoken).toEqual(['0.50', '0.90', '0.83', '0.95']);
  });

  it('shows a voice failure instead of dropping it', () => {
    const { unit, errors } = setup({});
    const failing = { speak: () => { throw new Error('not allowed'); }, stop: () => {} };
    const settings = signal<WorkoutSettings>({ ...DEFAULT_SETTINGS, isVoiceFeedback: true });
    const session = createLiveSession({ engine: fakeEngineApi, settings: signal({ ...DEFAULT_ENGINE_SETTINGS }), requestFrame: (cb) => cb(), onError: () => {} });
    startVoiceFeedback({ session, settings, view: computed(() => buildWorkoutView(session.reps.value, settings.value)), speech: () => failing, onError: (m) => errors.push(m) });
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    expect(errors).toEqual(['Voice feedback failed: not allowed']);
  });

  it('announces the toggle', () => {
    expect(togglePhrase(true)).toBe('Voice Feedback Enabled');
    expect(togglePhrase(false)).toBe('Voice Feedback Disabled');
  });
});
