import { describe, expect, it } from 'vitest';
import { activeAthletes, archiveAthlete, createAthlete, DEFAULT_ATHLETE_SETTINGS, firstAthlete, parseAthlete, renameAthlete, setBodyMass, updateAthleteSettings } from './athletes';
import { athleteFrom, workoutFor } from './athleteWorkout';
import { UNSPECIFIED_EXERCISE_ID } from './exercises';
import { DEFAULT_SETTINGS } from './settingsModel';

const made = (id: string, now = 1000) => ({ id, now });

describe('an athlete', () => {
  it('is created with a trimmed name, body mass and the default settings', () => {
    const a = createAthlete({ name: ' Ana ', bodyMass: 62.5 }, made('a'));
    expect(a).toEqual({ id: 'a', name: 'Ana', bodyMass: 62.5, archived: false, settings: DEFAULT_ATHLETE_SETTINGS, createdAt: 1000, modifiedAt: 1000 });
  });

  it('is renamed, weighed and archived, each change stamped with its time', () => {
    const a = createAthlete({ name: 'Ana', bodyMass: 62.5 }, made('a'));
    expect(renameAthlete(a, 'Ana B.', 2000)).toMatchObject({ name: 'Ana B.', modifiedAt: 2000, createdAt: 1000 });
    expect(setBodyMass(a, 64, 3000)).toMatchObject({ bodyMass: 64, modifiedAt: 3000 });
    expect(archiveAthlete(a, true, 4000)).toMatchObject({ archived: true, modifiedAt: 4000 });
  });

  it('refuses an empty name and a body mass the engine cannot use', () => {
    expect(() => createAthlete({ name: ' ', bodyMass: 70 }, made('a'))).toThrow(/needs a name/);
    expect(() => createAthlete({ name: 'X', bodyMass: 0 }, made('a'))).toThrow(/body mass must be a number above 0 and up to 300 kg/);
    expect(() => createAthlete({ name: 'X', bodyMass: 301 }, made('a'))).toThrow(/body mass/);
  });

  it('keeps the same modification time when a settings change changes nothing', () => {
    const a = createAthlete({ name: 'Ana', bodyMass: 60 }, made('a'));
    expect(updateAthleteSettings(a, { warmup: DEFAULT_ATHLETE_SETTINGS.warmup }, 9000)).toBe(a);
    expect(updateAthleteSettings(a, { warmup: 3 }, 9000)).toMatchObject({ settings: { warmup: 3 }, modifiedAt: 9000 });
    expect(() => updateAthleteSettings(a, { warmup: 7 }, 9000)).toThrow(/warmup must be one of 1, 2, 3/);
  });

  it('is offered by name while not archived', () => {
    const [b, a, c] = ['Bea', 'Ana', 'Cy'].map((name, i) => createAthlete({ name, bodyMass: 70 }, made(String(i))));
    expect(activeAthletes([b!, a!, archiveAthlete(c!, true, 1)]).map((x) => x.name)).toEqual(['Ana', 'Bea']);
  });

  it('is read back from a stored copy, and a broken one names the athlete and the field', () => {
    const a = createAthlete({ name: 'Ana', bodyMass: 60 }, made('a'));
    expect(parseAthlete(JSON.parse(JSON.stringify(a)))).toEqual(a);
    expect(() => parseAthlete({ ...a, bodyMass: 'heavy' })).toThrow(/athlete a: body mass/);
    expect(() => parseAthlete({ ...a, settings: { ...a.settings, plates: { x: [1, 2] } } })).toThrow(/athlete a: expected 5 plate counts/);
  });

  it('keeps the edit stamps of a stored copy, and refuses stamps that are not stamps', () => {
    const a = { ...createAthlete({ name: 'Ana', bodyMass: 60 }, made('a')), stamps: { name: '000000000009000-000000-dev-1', 'settings.warmup': '000000000008000-000002-dev-2' } };
    expect(parseAthlete(JSON.parse(JSON.stringify(a)))).toEqual(a);
    expect(() => parseAthlete({ ...a, stamps: { name: 'zzz' } })).toThrow(/athlete a: the stamp of name is not an edit stamp: zzz/);
    expect(() => parseAthlete({ ...a, stamps: { name: 9000 } })).toThrow(/the stamp of name is not an edit stamp/);
    expect(() => parseAthlete({ ...a, stamps: ['000000000009000-000000-dev-1'] })).toThrow(/athlete a: stamps must map fields to edit stamps/);
  });
});

describe('the first start', () => {
  it('makes the settings stored before athletes the first athlete’s, body mass and plates included', () => {
    // As the release before athletes stored them: targets under `bands` (rules/settingsModel.ts migrates them).
    const { targets: _targets, ...released } = DEFAULT_SETTINGS;
    const stored = JSON.stringify({ ...released, mass: 72, warmup: 2, isVoiceFeedback: true, target: 'Zone', bands: { 'velocity.concentric': { targetValue: 1.1, dropPercent: true, dropValue: 10 } }, plates: [0, 1, 0, 1, 0] });
    const a = firstAthlete(stored, made('first', 5));
    expect(a).toMatchObject({ id: 'first', name: 'Athlete 1', bodyMass: 72, createdAt: 5 });
    expect(a.settings).toEqual({ ...DEFAULT_ATHLETE_SETTINGS, warmup: 2, isVoiceFeedback: true, target: 'Zone', targets: { 'velocity.concentric': { targetValue: 1.1, dropPercent: true, dropValue: 10 } }, plates: { [UNSPECIFIED_EXERCISE_ID]: [0, 1, 0, 1, 0] } });
  });

  it('gives the defaults when nothing was stored or the copy cannot be read', () => {
    expect(firstAthlete(null, made('x')).bodyMass).toBe(85);
    expect(firstAthlete('{broken', made('x')).settings).toEqual(DEFAULT_ATHLETE_SETTINGS);
  });
});

describe('athletes taking turns on the Workout screen', () => {
  const ana = createAthlete({ name: 'Ana', bodyMass: 60, settings: { ...DEFAULT_ATHLETE_SETTINGS, warmup: 2, target: 'Threshold', exerciseId: 'builtin:squat', plates: { 'builtin:squat': [0, 1, 0, 0, 0] } } }, made('ana'));
  const screen = { ...DEFAULT_SETTINGS, hz: 500, view: 'table' as const, setRestS: 45, plates: [1, 0, 0, 0, 0] };

  it('puts the athlete’s targets, warmup, body mass and plates for their exercise on screen, the device’s settings untouched', () => {
    const w = workoutFor(screen, ana);
    expect(w).toMatchObject({ warmup: 2, target: 'Threshold', mass: 60, plates: [0, 1, 0, 0, 0], hz: 500, view: 'table', setRestS: 45 });
    expect(workoutFor(screen, ana, 'builtin:hip-thrust').plates).toEqual([0, 0, 0, 0, 0]);
  });

  it('takes the screen back into the athlete after their set: that exercise’s plates and the exercise as their next', () => {
    const after = athleteFrom(ana, { ...workoutFor(screen, ana, 'builtin:hip-thrust'), plates: [0, 0, 1, 0, 0], warmup: 3 }, 'builtin:hip-thrust', 7000);
    expect(after.settings).toMatchObject({ warmup: 3, exerciseId: 'builtin:hip-thrust', plates: { 'builtin:squat': [0, 1, 0, 0, 0], 'builtin:hip-thrust': [0, 0, 1, 0, 0] } });
    expect(after.modifiedAt).toBe(7000);
    expect(athleteFrom(ana, workoutFor(screen, ana), 'builtin:squat', 8000)).toBe(ana);
    // An exercise they never did, put on screen with no plates and left so: nothing of theirs changed.
    const deadlifter = { ...ana, settings: { ...ana.settings, exerciseId: 'builtin:deadlift' } };
    expect(athleteFrom(deadlifter, workoutFor(screen, deadlifter), 'builtin:deadlift', 9000)).toBe(deadlifter);
  });
});
