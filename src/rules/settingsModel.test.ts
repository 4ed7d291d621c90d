import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseStoredSettings, validateSettings } from './settingsModel';

describe('workout settings', () => {
  it('defaults to docs/behaviour.md §3', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      target: 'None',
      targets: {},
      repGoal: null,
      warmup: 1,
      isVoiceFeedback: false,
      radius: 0.014,
      mass: 85,
      calcAngularVelocity: false,
      calcAngularAcceleration: true,
      hz: 200,
    });
  });

  it('fills fields missing from an older stored copy with defaults and drops unknown ones', () => {
    const s = parseStoredSettings('{"target":"Zone","legacy":1}');
    expect(s.target).toBe('Zone');
    expect(s.mass).toBe(85);
    expect('legacy' in s).toBe(false);
  });

  it.each([
    { json: 'not json', message: /not valid JSON/ },
    { json: '[]', message: /must be an object/ },
    { json: '{"warmup":4}', message: /warmup must be one of 1, 2, 3, got 4/ },
    { json: '{"target":"Max"}', message: /target must be one of None, Threshold, Zone, Fatigue/ },
    { json: '{"targets":{"velocity.concentric":{"targetValue":1,"dropPercent":true,"dropValue":120}}}', message: /dropValue must be a number from 0 to 100/ },
    { json: '{"bands":{"velocity.concentric":{"targetValue":1,"dropPercent":true,"dropValue":120}}}', message: /dropValue must be a number from 0 to 100/ },
    { json: '{"targets":{"speed.concentric":{"targetValue":1,"dropPercent":true,"dropValue":1}}}', message: /unknown metric and phase "speed.concentric"/ },
    { json: '{"repGoal":0}', message: /repGoal must be a whole number from 1 to 100, got 0/ },
    { json: '{"setRestS":2}', message: /setRestS must be a number from 5 to 600, got 2/ },
    { json: '{"repGoal":2.5}', message: /repGoal must be a whole number/ },
    { json: '{"plates":[1,2]}', message: /expected 5 plate counts/ },
  ])('refuses a stored copy like $json', ({ json, message }) => {
    expect(() => parseStoredSettings(json)).toThrow(message);
  });

  it('allows a drop above 100 when it is in the metric unit', () => {
    const targets = { 'power.concentric': { targetValue: 400, dropPercent: false, dropValue: 150 } };
    expect(() => validateSettings({ ...DEFAULT_SETTINGS, targets })).not.toThrow();
  });

  it('keeps this version’s targets as stored, an unset part included', () => {
    const targets = { 'velocity.concentric': { targetValue: 0.9, dropPercent: true, dropValue: null }, 'power.eccentric': { targetValue: null, dropPercent: false, dropValue: 0 } };
    expect(parseStoredSettings(JSON.stringify({ ...DEFAULT_SETTINGS, metric: 'torque', targets })).targets).toEqual(targets);
  });

  it('moves an older copy’s single target to the metric and phase it was showing', () => {
    const s = parseStoredSettings('{"metric":"power","phase":"eccentric","target":"Zone","targetValue":350,"dropValue":20}');
    expect(s.targets).toEqual({ 'power.eccentric': { targetValue: 350, dropPercent: true, dropValue: 20 } });
    expect('targetValue' in s).toBe(false);
    expect(() => parseStoredSettings('{"targetValue":-1}')).toThrow(/targetValue must be a number from 0/);
  });

  it('unsets what an older copy holds only because the app wrote its defaults, and keeps what the user set', () => {
    // Saved with Power on screen under Zone: the velocity pairs hold the defaults every Save wrote.
    const bands = {
      'velocity.concentric': { targetValue: 0.65, dropPercent: true, dropValue: 12.5 },
      'velocity.eccentric': { targetValue: 0.9, dropPercent: true, dropValue: 0 },
      'torque.concentric': { targetValue: 40, dropPercent: true, dropValue: 0 },
      'power.concentric': { targetValue: 0.9, dropPercent: true, dropValue: 0 },
    };
    const s = parseStoredSettings(JSON.stringify({ ...DEFAULT_SETTINGS, targets: undefined, bands, metric: 'power', target: 'Zone' }));
    expect(s.targets).toEqual({
      'velocity.concentric': { targetValue: 0.65, dropPercent: true, dropValue: 12.5 },
      'torque.concentric': { targetValue: 40, dropPercent: true, dropValue: null },
      // On screen under Zone: the user saw 0.9 in the value field and saved it; the 0 drop is no zone.
      'power.concentric': { targetValue: 0.9, dropPercent: true, dropValue: null },
    });
    const underNone = parseStoredSettings(JSON.stringify({ bands, metric: 'power', target: 'None' }));
    expect(underNone.targets['power.concentric']).toBeUndefined();
    // Before targets were kept per pair: the one target, at its defaults, was never the user's.
    expect(parseStoredSettings('{"metric":"velocity","target":"None","targetValue":0.9,"dropPercent":true,"dropValue":0}').targets).toEqual({});
  });
});
