import { describe, expect, it } from 'vitest';
import { allExercises, BUILT_IN_EXERCISES, createExercise, editExercise, exerciseById, parseExercise, UNSPECIFIED_EXERCISE_ID } from './exercises';

const share = (id: string) => BUILT_IN_EXERCISES.find((e) => e.id === `builtin:${id}`)!.massShare;

describe('the built-in exercises', () => {
  it('move the body less its shanks and feet in the squats: 1 − 2 × (0.0465 + 0.0145) = 0.878', () => {
    for (const id of ['squat', 'split-squat', 'lateral-squat']) expect(share(id)).toBeCloseTo(0.878, 12);
  });

  it('move the trunk, head and arms about the hips in a Romanian deadlift: 0.678 × 0.626 = 0.424', () => {
    expect(share('romanian-deadlift')).toBeCloseTo(0.424, 3);
  });

  it('move about half the body in a hip thrust and none of it in rows and leg curls', () => {
    expect(share('hip-thrust')).toBe(0.5);
    for (const id of ['bent-over-row', 'standing-row', 'leg-curl']) expect(share(id)).toBe(0);
  });

  it('keep the whole body on the unit rope for sessions recorded before exercises, as the app computed them then', () => {
    expect(BUILT_IN_EXERCISES.find((e) => e.id === UNSPECIFIED_EXERCISE_ID)).toMatchObject({ massShare: 1, radius: null, movingPulley: false });
  });

  it('have stable ids of their own and cannot be edited', () => {
    expect(new Set(BUILT_IN_EXERCISES.map((e) => e.id)).size).toBe(BUILT_IN_EXERCISES.length);
    expect(() => editExercise(BUILT_IN_EXERCISES[0]!, { massShare: 0.5 }, 1)).toThrow(/built in/);
  });
});

describe('a custom exercise', () => {
  const made = { id: '6d1c2f0e-1111-4a4a-8a8a-000000000001', now: 1000 };

  it('is created with a trimmed name, its share and rope, and listed after the built-ins by name', () => {
    const b = createExercise({ name: '  Belt squat ', massShare: 0.878, radius: null, movingPulley: true }, made);
    const a = createExercise({ name: 'Anchored lunge', massShare: 0.8, radius: 0.02, movingPulley: false }, { ...made, id: 'a' });
    expect(b).toEqual({ id: made.id, name: 'Belt squat', massShare: 0.878, radius: null, movingPulley: true, builtIn: false, archived: false, modifiedAt: 1000 });
    expect(allExercises([b, a]).slice(-2).map((e) => e.name)).toEqual(['Anchored lunge', 'Belt squat']);
    expect(exerciseById([b], made.id)).toBe(b);
  });

  it('is changed and archived with a new modification time', () => {
    const e = createExercise({ name: 'Pull', massShare: 0, radius: null, movingPulley: false }, made);
    expect(editExercise(e, { name: 'Cable pull', archived: true }, 2000)).toMatchObject({ name: 'Cable pull', archived: true, modifiedAt: 2000 });
  });

  it('refuses a share outside 0–1, an empty name, and a radius the engine cannot take', () => {
    const base = { name: 'X', massShare: 0.5, radius: null, movingPulley: false };
    expect(() => createExercise({ ...base, massShare: 1.2 }, made)).toThrow(/massShare must be a number from 0 to 1/);
    expect(() => createExercise({ ...base, name: '  ' }, made)).toThrow(/needs a name/);
    expect(() => createExercise({ ...base, radius: 0.5 }, made)).toThrow(/radius must be a number from 0.002 to 0.2 m/);
    // 0.003 m is in range, but a pulley makes it 0.0015 m, below the engine's 0.002 m.
    expect(() => createExercise({ ...base, radius: 0.003, movingPulley: true }, made)).toThrow(/half the radius, 0.0015 m/);
  });

  it('is read back from a stored copy, and a broken copy says what is wrong', () => {
    const e = createExercise({ name: 'Pull', massShare: 0.1, radius: 0.02, movingPulley: true }, made);
    expect(parseExercise(JSON.parse(JSON.stringify(e)))).toEqual(e);
    expect(() => parseExercise({ ...e, id: 'builtin:squat' })).toThrow(/built-in exercises are not stored/);
    expect(() => parseExercise({ ...e, massShare: '0.5' })).toThrow(/massShare/);
  });

  it('keeps the edit stamps of a stored copy, and refuses stamps that are not stamps', () => {
    const e = { ...createExercise({ name: 'Pull', massShare: 0.1, radius: 0.02, movingPulley: true }, made), stamps: { name: '000000000009000-000000-dev-1', archived: '000000000009000-000001-' } };
    expect(parseExercise(JSON.parse(JSON.stringify(e)))).toEqual(e);
    expect(() => parseExercise({ ...e, stamps: { archived: '2025-06-02' } })).toThrow(/exercise .*: the stamp of archived is not an edit stamp: 2025-06-02/);
    expect(() => parseExercise({ ...e, stamps: null })).toThrow(/stamps must map fields to edit stamps/);
  });

  it('is unknown by an id no exercise has', () => {
    expect(() => exerciseById([], 'nope')).toThrow(/no exercise nope/);
  });
});
