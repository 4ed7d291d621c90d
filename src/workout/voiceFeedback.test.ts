import { computed, signal } from '@preact/signals-react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { createRecordingSpeech } from '../platform/speech/testing/recordingSpeech';
import { buildWorkoutView } from '../rules/workoutView';
import { createLiveSession } from './liveSession';
import { DEFAULT_SETTINGS, type WorkoutSettings } from '../rules/settingsModel';
import { fakeEngineApi, repSamples } from './testing/fakeEngine';
import { createFakeUnit } from '../device/testing/fakeUnit';
import { UNSET_BAND, withBand, type TargetBand } from '../rules/targetBands';
import { startVoiceFeedback, togglePhrase } from './voiceFeedback';

function setup(patch: Partial<WorkoutSettings>, band: Partial<TargetBand> = {}) {
  const base = { ...DEFAULT_SETTINGS, isVoiceFeedback: true, ...patch };
  const targets = withBand(base.targets, base.metric, base.phase, { ...UNSET_BAND, ...band });
  const settings = signal<WorkoutSettings>({ ...base, targets });
  const session = createLiveSession({
    engine: fakeEngineApi,
    settings: signal({ ...DEFAULT_ENGINE_SETTINGS }),
    requestFrame: (cb) => cb(),
    onError: () => {},
  });
  const view = computed(() => buildWorkoutView(session.reps.value, settings.value, session.turn.value));
  const speech = createRecordingSpeech();
  const errors: string[] = [];
  startVoiceFeedback({ session, settings, view, speech: () => speech, onError: (m) => errors.push(m) });
  const unit = createFakeUnit();
  session.attach(unit);
  return { settings, speech, unit, errors, session };
}

describe('voice feedback', () => {
  it('says the value of each closed rep to two decimals', () => {
    const { speech, unit } = setup({});
    unit.emitSamples(repSamples(0, 90));
    unit.emitSamples(repSamples(100_000, 87.5));
    expect(speech.spoken).toEqual(['0.90', '0.88']);
  });

  it('says the concentric at the turn, before the rep closes, and not again when it closes', () => {
    const { speech, unit, session } = setup({});
    const [half, peak, ...rest] = repSamples(0, 90).angleDeg;
    const times = repSamples(0, 90).timeUs;
    unit.emitSamples({ timeUs: times.slice(0, 3), angleDeg: [half, peak, rest[0]] });
    expect(session.reps.value).toEqual([]);
    expect(speech.spoken).toEqual(['0.90']);
    unit.emitSamples({ timeUs: times.slice(3), angleDeg: rest.slice(1) });
    expect(session.reps.value).toHaveLength(1);
    expect(speech.spoken).toEqual(['0.90']);
  });

  it('says the eccentric only when the rep closes', () => {
    const { speech, unit } = setup({ phase: 'eccentric' });
    const { timeUs, angleDeg } = repSamples(0, 90);
    unit.emitSamples({ timeUs: timeUs.slice(0, 3), angleDeg: angleDeg.slice(0, 3) });
    expect(speech.spoken).toEqual([]);
    unit.emitSamples({ timeUs: timeUs.slice(3), angleDeg: angleDeg.slice(3) });
    expect(speech.spoken).toEqual(['0.45']);
  });

  it('adds "Set done" once, at the rep that reaches the goal', () => {
    const { speech, unit } = setup({ repGoal: 2 });
    [50, 60, 70, 80].forEach((peak, i) => unit.emitSamples(repSamples(i * 100_000, peak)));
    expect(speech.spoken).toEqual(['0.50', '0.60', '0.70. Set done', '0.80']);
  });

  it('starts over after the set is cleared', () => {
    const { speech, unit, session } = setup({ repGoal: 1 });
    [50, 60].forEach((peak, i) => unit.emitSamples(repSamples(i * 100_000, peak)));
    session.reset();
    session.attach(unit);
    [55, 65].forEach((peak, i) => unit.emitSamples(repSamples(1_000_000 + i * 100_000, peak)));
    expect(speech.spoken).toEqual(['0.50', '0.60. Set done', '0.55', '0.65. Set done']);
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
    const { speech, unit } = setup({ target: 'Fatigue' }, { dropValue: 10 });
    [50, 100, 95, 85, 80].forEach((peak, i) => unit.emitSamples(repSamples(i * 100_000, peak)));
    expect(speech.spoken).toEqual(['0.50', '1.00', '0.95', '0.85. Set complete', '0.80']);
  });

  it('never says "Set complete" in a Zone set: a rep below the zone is only an invalid rep', () => {
    // Zone 1.0 with a 15 % drop, warmup 2: the first counted rep (0.83) is below the band.
    const { speech, unit } = setup({ target: 'Zone', warmup: 2 }, { targetValue: 1, dropValue: 15 });
    [50, 90, 83, 95].forEach((peak, i) => unit.emitSamples(repSamples(i * 100_000, peak)));
    expect(speech.spoken).toEqual(['0.50', '0.90', '0.83', '0.95']);
  });

  it('shows a voice failure instead of dropping it', () => {
    const { unit, errors } = setup({});
    const failing = { speak: () => { throw new Error('not allowed'); }, stop: () => {} };
    const settings = signal<WorkoutSettings>({ ...DEFAULT_SETTINGS, isVoiceFeedback: true });
    const session = createLiveSession({ engine: fakeEngineApi, settings: signal({ ...DEFAULT_ENGINE_SETTINGS }), requestFrame: (cb) => cb(), onError: () => {} });
    startVoiceFeedback({ session, settings, view: computed(() => buildWorkoutView(session.reps.value, settings.value, session.turn.value)), speech: () => failing, onError: (m) => errors.push(m) });
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    expect(errors).toEqual(['Voice feedback failed: not allowed']);
  });

  it('announces the toggle', () => {
    expect(togglePhrase(true)).toBe('Voice Feedback Enabled');
    expect(togglePhrase(false)).toBe('Voice Feedback Disabled');
  });
});
