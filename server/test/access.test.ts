import { describe, expect, it } from 'vitest';
import { athleteEdit, noteOwner, OTHER_ATHLETE, redactChunk, redactSession } from '../src/team/access';
import { chunk, session, stamp } from './fixtures';
import { T0 } from './harness';

const note = (atUs: number, text: string) => ({ atUs, rpe: 6, note: text, stamps: { rpe: stamp(T0), note: stamp(T0) } });
// Ana, then Ben, then Cy, then Ana again: four sets, 60 s apart.
const turns = [
  { athleteId: 'ana', fromUs: 0, velocities: [0.8, 0.7], mass: 55 },
  { athleteId: 'ben', fromUs: 60_000_000, velocities: [1.1], mass: 80 },
  { athleteId: 'cy', fromUs: 120_000_000, velocities: [1.2], mass: 90 },
  { athleteId: 'ana', fromUs: 180_000_000, velocities: [0.9], mass: 55 },
];
const full = session('s', turns, { notes: [note(2_000_000, 'ana 1'), note(61_500_000, 'ben'), note(125_000_000, 'cy'), note(181_000_000, 'ana 2')] });

describe('a session cut down to one athlete', () => {
  it('keeps their spans, sets and notes, and makes the others one anonymous span a run', () => {
    const seen = redactSession(full, 'ana');
    expect(seen.settings.tags!.map((t) => [t.fromUs, t.athleteId, t.mass ?? null])).toEqual([
      [Number.NEGATIVE_INFINITY, 'ana', 55],
      [60_000_000, OTHER_ATHLETE, null],
      [180_000_000, 'ana', 55],
    ]);
    expect(seen.sets!.map((s) => s.startUs)).toEqual([1_000_000, 181_000_000]);
    expect(seen.notes!.map((n) => n.note)).toEqual(['ana 1', 'ana 2']);
    expect(seen.summary).toEqual({ reps: 3, best: { value: 0.9, metric: 'velocity', phase: 'concentric' } });
    expect(seen.settings.engine.mass).toBe(55);
    expect(JSON.stringify(seen)).not.toMatch(/ben|cy|:80\b|:90\b|\[1\.1\]|\[1\.2\]/);
  });

  it('holds no note while its sets are not recorded yet (the owner of a note is its set’s athlete)', () => {
    const { sets: _sets, ...unfinished } = full;
    expect(noteOwner(unfinished, 2_000_000)).toBeNull();
    expect(redactSession(unfinished, 'ana').notes).toEqual([]);
    expect(noteOwner(full, 61_500_000)).toBe('ben');
    expect(noteOwner(full, 500_000)).toBeNull();
  });

  it('has its samples only within the athlete’s stretches', () => {
    const inBen = chunk('s', 0, 200, 60_500_000);
    expect(redactChunk(inBen, full, 'ana')).toBeNull();
    const across = chunk('s', 1, 200, 59_500_000);
    const cut = redactChunk(across, full, 'ana')!;
    expect(cut.timeUs.length).toBe(100);
    expect(Math.max(...cut.timeUs)).toBeLessThan(60_000_000);
    expect(redactChunk(chunk('s', 2, 200, 10_000_000), full, 'ana')!.timeUs.length).toBe(200);
  });
});

describe('an athlete’s device writing a session it did not record', () => {
  it('brings its athlete’s notes and taking out, and says what else it left out', () => {
    const later = stamp(T0 + 10, 'phone');
    const pushed = { ...redactSession(full, 'ana'), notes: [{ ...note(2_000_000, 'ana edited'), stamps: { note: later } }, { ...note(61_500_000, 'ben edited'), stamps: { note: later } }], removedAthletes: { ana: later } };
    const { patch, ignored } = athleteEdit(full, pushed, 'ana');
    expect(patch.notes!.map((n) => n.note)).toEqual(['ana edited']);
    expect(patch.removedAthletes).toEqual({ ana: later });
    expect(patch.sets).toEqual(full.sets);
    expect(patch.settings).toEqual(full.settings);
    expect(ignored).toMatch(/left out: notes of sets that are not its athlete’s\./);
    expect(athleteEdit(full, redactSession(full, 'ana'), 'ana').ignored).toBeNull();
  });
});
