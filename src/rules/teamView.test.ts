import { describe, expect, it } from 'vitest';
import { archiveAthlete, createAthlete } from './athletes';
import { makeRep } from './fixtures';
import { setRecords } from './setRecords';
import { sortTeamRows, teamRows, type TeamSession } from './teamView';

const [ana, bea, cy] = ['Ana', 'Bea', 'Cy'].map((name) => createAthlete({ name, bodyMass: 70 }, { id: name.toLowerCase(), now: 1 }));
const SQUAT = 'builtin:squat';
const ROW = 'builtin:bent-over-row';
const day = (d: number) => Date.UTC(2025, 5, d, 8);
const set = (athleteId: string, exerciseId: string, velocities: number[], velocityLoss: number, inertia: number | null = 0.05) => ({ athleteId, exerciseId, inertia, velocities, velocityLoss });

// Ana squats on the 2nd (mean 1.0) and the 4th (1.1, then rows last on the 6th); Bea squats on the 4th only.
const sessions: TeamSession[] = [
  { id: 's4', startedAt: day(4), sets: [set('ana', SQUAT, [1.0, 1.2], 10), set('bea', SQUAT, [0.8, 0.7], 12.5), set('ana', SQUAT, [1.1, 1.1], 5)] },
  { id: 's2', startedAt: day(2), sets: [set('ana', SQUAT, [0.9, 1.1], 8)] },
  { id: 's6', startedAt: day(6), sets: [set('ana', ROW, [0.6, 0.5], 16.7), set('bea', SQUAT, [], 0)] },
];

describe('the Team view', () => {
  it('gives each athlete their last session: exercise of their last set, best and mean of that exercise, the last set’s loss', () => {
    const rows = teamRows([ana!, bea!, cy!], sessions);
    expect(rows.map((r) => r.name)).toEqual(['Ana', 'Bea', 'Cy']);
    // Ana's last session is the 6th: rows, best 0.6, mean 0.55; no earlier rows, so no change.
    expect(rows[0]!.last).toMatchObject({ sessionId: 's6', exerciseId: ROW, best: 0.6, velocityLoss: 16.7, change: null });
    expect(rows[0]!.last!.mean).toBeCloseTo(0.55, 12);
    // Bea's set on the 6th was all warmup: her last session is the 4th, mean 0.75.
    expect(rows[1]!.last).toMatchObject({ sessionId: 's4', exerciseId: SQUAT, best: 0.8, velocityLoss: 12.5, change: null });
    expect(rows[2]!.last).toBeNull();
  });

  it('compares the mean with their previous session of the same exercise: Ana’s squats 1.1 against 1.0 is +10 %', () => {
    const rows = teamRows([ana!], sessions.filter((s) => s.id !== 's6'));
    // The 4th: her squat sets' reps 1.0, 1.2, 1.1, 1.1: best 1.2, mean 1.1; the last set's loss 5 %.
    expect(rows[0]!.last).toMatchObject({ sessionId: 's4', best: 1.2, velocityLoss: 5 });
    expect(rows[0]!.last!.mean).toBeCloseTo(1.1, 12);
    expect(rows[0]!.last!.change).toBeCloseTo(10, 10);
  });

  it('compares like with like: the mean only against a previous session at the same load, and says which load (issue 31, point 8)', () => {
    // Ana squats at 0.125 kg·m² on the 2nd (mean 0.8), at 0.0625 on the 4th (0.9) and the 6th (her last set there at 0.0625, mean 0.81; one earlier set at 0.125).
    const loads: TeamSession[] = [
      { id: 'a', startedAt: day(2), sets: [set('ana', SQUAT, [0.8], 0, 0.125)] },
      { id: 'b', startedAt: day(4), sets: [set('ana', SQUAT, [0.9], 0, 0.0625)] },
      { id: 'c', startedAt: day(6), sets: [set('ana', SQUAT, [0.7], 0, 0.125), set('ana', SQUAT, [0.81], 3, 0.0625)] },
    ];
    const [row] = teamRows([ana!], loads);
    expect(row!.last).toMatchObject({ sessionId: 'c', inertia: 0.0625, sets: 1, best: 0.81, previous: { startedAt: day(4) }, otherLoad: null });
    expect(row!.last!.change).toBeCloseTo(-10, 10);
    // Without the 4th, no session at 0.0625 came before: no change, and the 2nd at 0.125 is named.
    const [alone] = teamRows([ana!], [loads[0]!, loads[2]!]);
    expect(alone!.last).toMatchObject({ change: null, previous: null, otherLoad: { startedAt: day(2), inertia: 0.125 } });
  });

  it('counts the session being recorded, and no set of an athlete taken out of a session', () => {
    const today: TeamSession = { id: 'now', startedAt: day(8), inProgress: true, sets: [set('bea', SQUAT, [0.9, 0.85], 5.6), set('ana', ROW, [0.7], 0)], removed: { ana: 'stamp' } };
    const rows = teamRows([ana!, bea!], [...sessions, today]);
    expect(rows[1]!.last).toMatchObject({ sessionId: 'now', inProgress: true, best: 0.9 });
    expect(rows[0]!.last!.sessionId).toBe('s6');
  });

  it('leaves archived athletes out', () => {
    expect(teamRows([archiveAthlete(ana!, true, 2), bea!], sessions).map((r) => r.name)).toEqual(['Bea']);
  });

  it('sorts by any column either way, rows without the figure last', () => {
    const rows = teamRows([cy!, bea!, ana!], sessions);
    const names = (column: Parameters<typeof sortTeamRows>[1], direction: 'ascending' | 'descending') => sortTeamRows(rows, column, direction).map((r) => r.name);
    expect(names('name', 'ascending')).toEqual(['Ana', 'Bea', 'Cy']);
    expect(names('mean', 'descending')).toEqual(['Bea', 'Ana', 'Cy']);
    expect(names('mean', 'ascending')).toEqual(['Ana', 'Bea', 'Cy']);
    expect(names('date', 'descending')).toEqual(['Ana', 'Bea', 'Cy']);
    expect(names('velocityLoss', 'ascending')).toEqual(['Bea', 'Ana', 'Cy']);
    expect(sortTeamRows(rows, 'exercise', 'ascending', (id) => (id === SQUAT ? 'Squat' : 'Bent-over row')).map((r) => r.name)).toEqual(['Ana', 'Bea', 'Cy']);
  });

  it('reads a session’s sets’ records as they are: counted reps only, the set’s velocity loss', () => {
    const reps = [0, 3, 6].map((t, i) => ({ ...makeRep(i, [0.9, 1.0, 0.8][i]!, 0.5), startUs: t * 1e6, endUs: (t + 2) * 1e6 }));
    const sets = setRecords(reps, { restS: 20, warmup: 1, loads: [], radius: 0.014, tags: [{ fromUs: Number.NEGATIVE_INFINITY, athleteId: 'ana', exerciseId: SQUAT }] });
    const [row] = teamRows([createAthlete({ name: 'Ana', bodyMass: 60 }, { id: 'ana', now: 0 })], [{ id: 'x', startedAt: day(9), sets }]);
    expect(sets[0]!.velocities).toEqual([1.0, 0.8]);
    expect(row!.last).toMatchObject({ sessionId: 'x', best: 1.0, change: null });
    expect(row!.last!.mean).toBeCloseTo(0.9, 12);
    expect(row!.last!.velocityLoss).toBeCloseTo(20, 10);
  });
});
