// @vitest-environment happy-dom
/**
 * The History of a coach's sessions, read set by set as each athlete's (rules/athleteSets.ts):
 * filters that name an athlete and an exercise list only the sessions holding a counted rep of
 * theirs, cards count their reps only, an athlete taken out of a session counts for no one, and
 * deleting from a History filtered to one athlete offers their sets alone or the whole session,
 * naming the others.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { composeTestApp, renderWithApp } from '../../compose/testing/testApp';
import type { App } from '../../compose/compose';
import { DEFAULT_ENGINE_SETTINGS } from '../../engine/settings';
import { freshStore } from '../../journal/testKit';
import type { SessionRecord } from '../../log/records';
import { createAthlete } from '../../rules/athletes';
import { setRecordOf } from '../../rules/fixtures';
import type { SetRecord } from '../../rules/setRecords';
import { DEFAULT_SETTINGS } from '../../rules/settingsModel';
import { workoutSnapshot } from '../../journal/sessionRecovery';

vi.mock('./ProgressChart', () => import('./testing/progressChartDouble'));
const { default: HistoryScreen } = await import('./HistoryScreen');

const SQUAT = 'builtin:squat';
const ROW = 'builtin:bent-over-row';
const ana = createAthlete({ name: 'Ana', bodyMass: 61 }, { id: 'ana', now: 1 });
const ben = createAthlete({ name: 'Ben', bodyMass: 92 }, { id: 'ben', now: 1 });

/** A set's record: `velocities` after its warmup rep, at 0.05 kg·m², 10 s long. */
function set(athleteId: string, exerciseId: string, startS: number, velocities: number[]): SetRecord {
  return setRecordOf(athleteId, exerciseId, startS * 1e6, (startS + 10) * 1e6, velocities);
}

function session(id: string, day: number, sets: SetRecord[], extra: Partial<SessionRecord> = {}): SessionRecord {
  const startedAt = Date.UTC(2025, 5, day, 9);
  const tags = sets.map((s, i) => ({ fromUs: i === 0 ? Number.NEGATIVE_INFINITY : s.startUs - 1e6, athleteId: s.athleteId, exerciseId: s.exerciseId }));
  return {
    id,
    startedAt,
    finishedAt: startedAt + 600_000,
    modifiedAt: startedAt + 600_000,
    summary: { reps: sets.reduce((n, s) => n + s.counted, 0), best: { value: 1.5, metric: 'velocity', phase: 'concentric' } },
    plates: [0, 1, 0, 0, 0],
    unitKind: 'demo',
    unit: null,
    settings: { engine: { ...DEFAULT_ENGINE_SETTINGS, inertia: 0.05 }, workout: workoutSnapshot({ ...DEFAULT_SETTINGS, plates: [0, 1, 0, 0, 0] }), tags },
    sets,
    notes: [],
    ...extra,
  };
}

// 2 June: Ana squats (3 reps), Ben rows (2), Ana squats again (2). 3 June: Ben squats (4), Ana
// warms up only (no counted rep). 4 June: Ana and Ben row, Ben taken out of it since.
const SESSIONS = [
  session('s1', 2, [set('ana', SQUAT, 0, [1.0, 0.9, 0.8]), set('ben', ROW, 60, [0.7, 0.6]), set('ana', SQUAT, 120, [0.95, 0.85])]),
  session('s2', 3, [set('ben', SQUAT, 0, [0.8, 0.8, 0.7, 0.7]), set('ana', ROW, 60, [])]),
  session('s3', 4, [set('ana', ROW, 0, [0.5, 0.6]), set('ben', ROW, 60, [0.9, 0.9, 0.9])], { removedAthletes: { ben: '2025-06-05T00:00:00.000Z|0|dev' } }),
];

let app: App;

beforeEach(async () => {
  app = composeTestApp({
    openJournal: async () => {
      const store = await freshStore();
      await store.write([{ kind: 'athlete', record: ana }, { kind: 'athlete', record: ben }, ...SESSIONS.map((record) => ({ kind: 'session' as const, record }))]);
      return store;
    },
  });
  await app.startBackground();
});

afterEach(async () => {
  await act(() => app.link.disconnect());
  app.dispose();
  cleanup();
});

function visit(search = '') {
  renderWithApp(
    <MemoryRouter initialEntries={[`/history${search}`]}>
      <Routes>
        <Route path="/history" element={<HistoryScreen />} />
      </Routes>
    </MemoryRouter>,
    app,
  );
}

const cards = async () => within(await screen.findByRole('list', { name: /^Finished sessions/ })).getAllByRole('listitem').map((li) => li.textContent!.replace(/\u00a0/g, ' '));

describe('the History of a coach’s sessions', () => {
  it('counts every athlete’s sets for the session, and none of an athlete taken out of it', async () => {
    visit();
    await waitFor(async () => expect(await cards()).toHaveLength(3));
    const [s3, s2, s1] = await cards();
    expect(s1).toContain('Ana, Ben · Squat, Bent-over row');
    expect(s1).toContain('7 reps · best 1.00 m/s (velocity, concentric)');
    expect(s2).toContain('4 reps · best 0.80 m/s');
    // Ben was taken out of the 4 June session: Ana's two reps are all it holds.
    expect(s3).toContain('Ana · Bent-over row');
    expect(s3).toContain('2 reps · best 0.60 m/s');
  });

  it('filtered to an athlete and an exercise, lists only the sessions with a counted rep of theirs (issue 31, point 8)', async () => {
    visit('?athlete=ana&exercise=builtin%3Abent-over-row');
    // Ana rowed on 3 June (warmup only: not a session of hers) and 4 June; she never squatted on 4 June.
    await waitFor(async () => expect(await cards()).toHaveLength(1));
    expect((await cards())[0]).toContain('2 reps · best 0.60 m/s');
    cleanup();
    visit('?athlete=ben&exercise=builtin%3Abent-over-row');
    await waitFor(async () => expect(await cards()).toHaveLength(1));
    expect((await cards())[0]).toContain('2 reps · best 0.70 m/s');
    cleanup();
    visit('?athlete=ana&exercise=builtin%3Aleg-curl');
    expect(await screen.findByText('No finished session of this athlete and exercise yet.')).toBeTruthy();
  });

  it('deletes from a History filtered to one athlete only their sets, or the whole session naming the others (issue 31, point 3)', async () => {
    const user = userEvent.setup();
    visit('?athlete=ben');
    await waitFor(async () => expect(await cards()).toHaveLength(2));
    const s1 = within(screen.getByRole('list', { name: /^Finished sessions/ })).getAllByRole('listitem')[1]!;
    const button = within(s1).getByRole('button', { name: /^Delete the session of / });
    expect(button.className).toContain('button--delete');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ben’s sets?' });
    expect(dialog.textContent).toContain('Ben’s sets in the session of');
    expect(dialog.textContent).toContain('(2 reps) will be deleted from this device. The sets of Ana (5 reps) stay, with the session’s samples.');
    expect(dialog.textContent).toContain('Delete the whole session, and the sets of Ana go too');
    expect(within(dialog).getByRole('button', { name: 'Delete Ben’s sets' }).className).toContain('button--danger');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Ben’s sets' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Ben's sets left the 2 June session; Ana's stay, and the session with them.
    await waitFor(async () => expect(await cards()).toHaveLength(1));
    const june2 = (await app.journal.value!.history()).find((e) => e.id === 's1')!;
    expect([june2.athleteIds, june2.reps]).toEqual([['ana'], 5]);

    // The 3 June session stays for nobody else (Ana only warmed up): the whole of it, naming her.
    await user.click(within(screen.getByRole('list', { name: /^Finished sessions/ })).getByRole('button', { name: /^Delete the session of / }));
    const whole = await screen.findByRole('dialog', { name: 'Delete session?' });
    expect(whole.textContent).toContain('holds the sets of Ben (4 reps) and Ana (0 reps)');
    await user.click(within(whole).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No finished session of this athlete and exercise yet.');
    expect((await app.journal.value!.history()).map((e) => e.id)).toEqual(['s3', 's1']);
  });

  it('names everyone in a session deleted from the unfiltered History', async () => {
    const user = userEvent.setup();
    visit();
    await waitFor(async () => expect(await cards()).toHaveLength(3));
    await user.click(within(within(screen.getByRole('list', { name: /^Finished sessions/ })).getAllByRole('listitem')[2]!).getByRole('button', { name: /^Delete the session of / }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete session?' });
    expect(dialog.textContent).toContain('holds the sets of Ana (5 reps) and Ben (2 reps): all of them and all its samples will be deleted');
  });
});
