// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rep } from '../../engine/types';
import { makeRep, makeTurn } from '../../rules/fixtures';
import { SetList } from './SetList';

afterEach(cleanup);

/** Rep `index` moving from `startS` for 2 s; every figure of its concentric is `v`, of its eccentric v/2. */
const repAt = (index: number, startS: number, v: number): Rep => ({ ...makeRep(index, v, v / 2), startUs: startS * 1e6, endUs: (startS + 2) * 1e6 });

const rules = { warmup: 1, metric: 'velocity', phase: 'concentric' } as const;

describe('the list of sets', () => {
  it('stays hidden while the session is one set', () => {
    render(<SetList turn={null} reps={[repAt(0, 0, 1), repAt(1, 3, 0.9)]} rules={{ ...rules, restS: 20 }} unit="m/s" />);
    expect(screen.queryByRole('region', { name: 'Sets' })).toBeNull();
  });

  it('lists each set with its figures, the current one last', () => {
    // Set 1: W, 1.0, 0.8 (loss 20 %); a minute of rest; set 2: W, 0.9. Work is each phase's figure: 1 + 0.5 and 0.8 + 0.4.
    const reps = [repAt(0, 0, 0.5), repAt(1, 3, 1.0), repAt(2, 6, 0.8), repAt(3, 70, 0.4), repAt(4, 73, 0.9)];
    render(<SetList turn={null} reps={reps} rules={{ ...rules, restS: 20 }} unit="m/s" />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Set 1: 2 reps · best 1.00\u00a0m/s · mean 0.90\u00a0m/s · velocity loss 20.0\u00a0% · work 3\u00a0J · overload 0.50',
      'Set 2 (current): 1 rep · best 0.90\u00a0m/s · mean 0.90\u00a0m/s · work 1\u00a0J · overload 0.50',
    ]);
    expect(screen.getAllByRole('listitem')[1]!.getAttribute('aria-current')).toBe('step');
  });

  it('counts the rep under way, as the big number does, and gives no velocity loss before two reps', () => {
    // Set 1: W, 1.0, 0.8; a minute of rest; set 2: W closed, and rep 1 at its turn.
    const reps = [repAt(0, 0, 0.5), repAt(1, 3, 1.0), repAt(2, 6, 0.8), repAt(3, 70, 0.4)];
    render(<SetList reps={reps} turn={{ ...makeTurn(4, 0.9), startUs: 73e6 }} rules={{ ...rules, restS: 20 }} unit="m/s" />);
    expect(screen.getAllByRole('listitem')[1]!.textContent).toBe('Set 2 (current): 1 rep · best 0.90\u00a0m/s · mean 0.90\u00a0m/s');
  });

  it('counts the last rep’s pull in the velocity loss at once, as the line above the chart does (issue 31, point 9)', () => {
    // Set 2: W, 1.0, 0.9 closed, and its last rep at its turn at 0.8: best 1.0 to last 0.8, a loss of 20 % (10 % without it).
    const reps = [repAt(0, 0, 0.5), repAt(1, 3, 1.0), repAt(2, 70, 0.5), repAt(3, 73, 1.0), repAt(4, 76, 0.9)];
    render(<SetList reps={reps} turn={{ ...makeTurn(5, 0.8), startUs: 79e6 }} rules={{ ...rules, restS: 20 }} unit="m/s" />);
    expect(screen.getAllByRole('listitem')[1]!.textContent).toBe('Set 2 (current): 3 reps · best 1.00\u00a0m/s · mean 0.90\u00a0m/s · velocity loss 20.0\u00a0% · work 3\u00a0J · overload 0.50');
  });

  it('lists each athlete’s sets numbered among theirs, and nobody’s reps after a set was over in none (issue 31, points 4 and 9)', () => {
    // Ana: W, 1.0, 0.9, then a rep of nobody's (12 s); Ben: W, 0.8; Ana again: W, 0.7.
    const reps = [0, 3, 6, 12, 16, 19, 23, 26].map((t, i) => repAt(i, t, [0.5, 1, 0.9, 0.6, 0.5, 0.8, 0.5, 0.7][i]!));
    const tags = [
      { fromUs: Number.NEGATIVE_INFINITY, athleteId: 'ana', exerciseId: 'squat' },
      { fromUs: 9e6, athleteId: 'nobody', exerciseId: 'squat' },
      { fromUs: 15e6, athleteId: 'ben', exerciseId: 'row' },
      { fromUs: 22e6, athleteId: 'ana', exerciseId: 'squat' },
    ];
    const who = ({ athleteId, exerciseId }: { athleteId: string; exerciseId: string }) => ({ athlete: athleteId === 'ana' ? 'Ana' : 'Ben', exercise: exerciseId === 'squat' ? 'Squat' : 'Row' });
    render(<SetList turn={null} reps={reps} rules={{ ...rules, restS: 20, tags }} unit="m/s" who={who} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent!.split(':')[0])).toEqual(['Ana, set 1 · Squat', 'Ben, set 1 · Row', 'Ana, set 2 (current) · Squat']);
  });

  it('opens a line for a set whose first rep is under way after a long rest', () => {
    const reps = [repAt(0, 0, 0.5), repAt(1, 3, 1.0), repAt(2, 6, 0.8)];
    render(<SetList reps={reps} turn={{ ...makeTurn(3, 0.4), startUs: 70e6 }} rules={{ ...rules, restS: 20 }} unit="m/s" />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Set 1: 2 reps · best 1.00\u00a0m/s · mean 0.90\u00a0m/s · velocity loss 20.0\u00a0% · work 3\u00a0J · overload 0.50',
      'Set 2 (current): warmup under way',
    ]);
  });

  it('starts a set at a plate change, and names each set’s plates and boost', () => {
    // Reps 3 s apart (no long rest); the plates change from 0.05 to 0.1 kg·m² after the third starts, boost 20 % with them.
    const reps = [repAt(0, 0, 0.5), repAt(1, 3, 1.0), repAt(2, 6, 0.8), repAt(3, 9, 0.4), repAt(4, 12, 0.9)];
    const loads = [
      { fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 },
      { fromUs: 7e6, inertia: 0.1, boost: 20 },
    ];
    render(<SetList turn={null} reps={reps} rules={{ ...rules, restS: 20, loads }} unit="m/s" />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Set 1: 0.05 kg·m², boost Off · 2 reps · best 1.00 m/s · mean 0.90 m/s · velocity loss 20.0 % · work 3 J · overload 0.50',
      'Set 2 (current): 0.1 kg·m², boost 20% · 1 rep · best 0.90 m/s · mean 0.90 m/s · work 1 J · overload 0.50',
    ]);
  });
});
