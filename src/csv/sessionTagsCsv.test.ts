import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { PhaseSummary, Rep } from '../engine/types';
import { buildSessionCsv, type SessionCsvInput } from './sessionCsv';
import { TAGS_HEADER, type SessionTagsInput } from './sessionTagsCsv';

const phase = (v: number): PhaseSummary => ({ duration: 1, velocity: v, acceleration: v, torque: v, force: v, linearForce: v, netForce: v, power: v, peakVelocity: v, peakPower: v, work: v });

/** A rep moving from `startS` for 2 s at concentric velocity `v`. */
function rep(index: number, startS: number, v: number): Rep {
  return { index, count: index, start: index * 100, turn: index * 100 + 50, end: index * 100 + 99, concentric: phase(v), eccentric: phase(v / 2), startUs: startS * 1e6, endUs: (startS + 2) * 1e6, peakPowerRatio: 0.5, meanPowerRatio: 0.5 };
}

/** Ana squats three reps from 0 s; Bea (switched to at 8 s) pulls a cone row from 9 s, her set rated RPE 8, "=cmd". */
const tags: SessionTagsInput = {
  tags: [
    { fromUs: Number.NEGATIVE_INFINITY, athleteId: 'ana', exerciseId: 'builtin:squat' },
    { fromUs: 8e6, athleteId: 'bea', exerciseId: 'cone' },
  ],
  notes: [{ atUs: 16e6, rpe: 8, note: '=cmd' }],
  athlete: (id) => (id === 'ana' ? { name: 'Ana', bodyMass: 60 } : { name: 'Bea', bodyMass: 72.5 }),
  exercise: (id) => (id === 'cone' ? { name: 'Cone row', massShare: 0 } : { name: 'Squat', massShare: 0.878 }),
};

const input: SessionCsvInput = {
  date: new Date(Date.UTC(2026, 2, 1, 9, 30)),
  firmware: { major: 6, minor: 2, patch: 0 },
  mass: 85,
  inertia: 0.05,
  reps: [rep(0, 0, 1), rep(1, 3, 1.1), rep(2, 6, 1), rep(3, 9, 0.7), rep(4, 12, 0.8)],
  plates: [{ plate: 0.05, count: 1 }],
  raw: { timeUs: [0, 5000], angleDeg: [0, 1.8] },
  sets: { restS: 20, loads: [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 10 }], warmup: 1, metric: 'velocity', phase: 'concentric' },
};

describe('the session CSV’s athletes block', () => {
  it('comes after the other blocks, whose sets then split at the change of athlete as the Workout screen’s do', () => {
    const plain = buildSessionCsv(input);
    const tagged = buildSessionCsv({ ...input, tags });
    const blocks = (csv: string) => csv.slice(0, -2).split('\r\n\r\n').map((block) => Papa.parse<string[]>(block).data);
    // The header, the plates and the raw samples as without it.
    for (const i of [0, 2, 3]) expect(blocks(tagged)[i]).toEqual(blocks(plain)[i]);
    // Reps: one set of five without it (W, 1–4); Ana's three (W, 1, 2) and Bea's two (W, 1) with it.
    expect(blocks(plain)[1]!.slice(1).map((row) => row[0])).toEqual(['W', '1', '2', '3', '4']);
    expect(blocks(tagged)[1]!.slice(1).map((row) => row[0])).toEqual(['W', '1', '2', 'W', '1']);
    expect(blocks(tagged)[4]!.slice(1).map((row) => row.slice(0, 5))).toEqual([['1', '0.05', '10', '3', '2'], ['2', '0.05', '10', '2', '1']]);
    expect(blocks(tagged)[6]![0]![0]).toBe('Set Start (µs)');
  });

  it('names each set’s athlete, body mass, exercise, share, load, RPE and note, the note neutralised against formulae', () => {
    const csv = buildSessionCsv({ ...input, tags });
    const last = csv.slice(0, -2).split('\r\n\r\n').at(-1)!;
    const rows = Papa.parse<string[]>(last).data;
    expect(rows).toEqual([
      [...TAGS_HEADER],
      ['0', '8000000', 'Ana', '60', 'Squat', '0.878', '0.05', '10', '', ''],
      ['9000000', '14000000', 'Bea', '72.5', 'Cone row', '0', '0.05', '10', '8', "'=cmd"],
    ]);
  });
});
