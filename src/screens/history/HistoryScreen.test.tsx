// @vitest-environment happy-dom
/**
 * The History and Settings → Data pages over an in-memory journal: a finished session is listed
 * with its reps and best value, exports as the session CSV with every raw sample, reopens for
 * review, and is deleted only after a confirmation; "Delete all data" empties the journal.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ENGINE_SETTINGS } from '../../engine/settings';
import { SessionJournal } from '../../journal/sessionJournal';
import type { JournalStore } from '../../journal/store';
import { freshStore, manualTimer, storeWithAthleteSessions, TWO_INERTIAS, type AthleteSession } from '../../journal/testKit';
import { workoutSnapshot } from '../../journal/sessionRecovery';
import type { App } from '../../compose/compose';
import { synthesizeSet } from '../../device';
import { composeTestApp, renderWithApp } from '../../compose/testing/testApp';
import { DEFAULT_SETTINGS } from '../../rules/settingsModel';
import { createFakeUnit, FAKE_DEVICE } from '../../device/testing/fakeUnit';
import { repSamples } from '../../workout/testing/fakeEngine';

// The chart as the lines it is handed: each line's name and its points' dates.
vi.mock('./ProgressChart', () => import('./testing/progressChartDouble'));
const { default: HistoryScreen } = await import('./HistoryScreen');
const { default: DataSettings } = await import('../settings/DataSettings');

const STARTED_AT = Date.UTC(2025, 2, 9, 8, 30);
/** Two stand-in reps' samples: the real engine finds no rep in 8 samples, which is fine here. */
const SAMPLES = { timeUs: [...repSamples(0, 90).timeUs, ...repSamples(100_000, 80).timeUs], angleDeg: [...repSamples(0, 90).angleDeg, ...repSamples(100_000, 80).angleDeg] };

async function storeWithFinishedSession(): Promise<JournalStore> {
  const store = await freshStore();
  const journal = new SessionJournal({ store, every: manualTimer().every, newId: () => 'done', now: () => STARTED_AT });
  journal.start({ settings: { engine: { ...DEFAULT_ENGINE_SETTINGS, inertia: 0.05, mass: 72 }, workout: workoutSnapshot({ ...DEFAULT_SETTINGS, mass: 72 }) }, plates: [0, 1, 0, 0, 0], unitKind: 'bluetooth', unit: FAKE_DEVICE });
  journal.append(SAMPLES.timeUs, SAMPLES.angleDeg);
  await journal.finish({ reps: 5, best: { value: 0.934, metric: 'velocity', phase: 'concentric' } });
  return store;
}

let app: App & { ports: { shared: { shared: { fileName: string; csv: string }[] } } };

function visit(element: ReactElement) {
  renderWithApp(
    <MemoryRouter initialEntries={['/page']}>
      <Routes>
        <Route path="/page" element={element} />
        <Route path="/" element={<h1>Workout</h1>} />
      </Routes>
    </MemoryRouter>,
    app,
  );
}

beforeEach(async () => {
  app = composeTestApp({ openJournal: storeWithFinishedSession });
  await app.startBackground();
});

afterEach(async () => {
  await act(() => app.link.disconnect());
  app.dispose();
  cleanup();
});

describe('the History', () => {
  it('lists a finished session with its date, reps and best value', async () => {
    visit(<HistoryScreen />);
    const card = within(await screen.findByRole('list', { name: /^Finished sessions/ })).getAllByRole('listitem')[0]!;
    expect(within(card).getByRole('heading').textContent).toBe(new Date(STARTED_AT).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
    expect(card.textContent).toContain('5 reps · best 0.93\u00a0m/s (velocity, concentric)');
  });

  it('exports the session CSV with its mass, plates, every raw sample and who trained', async () => {
    const user = userEvent.setup();
    visit(<HistoryScreen />);
    await user.click(await screen.findByRole('button', { name: /^Export CSV of the session of / }));
    await waitFor(() => expect(app.ports.shared.shared).toHaveLength(1));
    const csv = app.ports.shared.shared[0]!.csv;
    expect(csv).toContain(new Date(STARTED_AT).toISOString());
    expect(csv).toMatch(/Mass[^\n]*,72/);
    const raw = csv.slice(csv.indexOf('Time (µs)')).split(/\r?\n\r?\n/)[0]!.trim().split(/\r?\n/).slice(1);
    expect(raw.map((line) => Number(line.split(',')[0]))).toEqual(SAMPLES.timeUs);
    // The athletes block: the session's one athlete doing the Unspecified exercise (share 1).
    expect(csv).toContain('Set Start (µs),Set End (µs),Athlete,Body Mass (kg),Exercise,Mass Share,');
  });

  it('deletes a session only after the confirmation', async () => {
    const user = userEvent.setup();
    visit(<HistoryScreen />);
    await user.click(await screen.findByRole('button', { name: /^Delete the session of / }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(screen.getByRole('list', { name: /^Finished sessions/ })).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /^Delete the session of / }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete session?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No finished sessions yet.')).toBeTruthy();
  });
});

describe('Settings → Data', () => {
  it('says where the data is kept and deletes all of it after the confirmation', async () => {
    const user = userEvent.setup();
    visit(<DataSettings />);
    expect(screen.getByText('repline-journal')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete all data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete all data' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    cleanup();
    visit(<HistoryScreen />);
    expect(await screen.findByText('No finished sessions yet.')).toBeTruthy();
  });

  it('refuses while a unit is connected', async () => {
    await act(() => app.link.connect(createFakeUnit()));
    visit(<DataSettings />);
    expect((screen.getByRole('button', { name: 'Delete all data' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Disconnect the unit first: its session is being recorded.')).toBeTruthy();
  });
});

describe('Progress', () => {
  it('gives each session’s best and mean of the chosen metric, filtered by inertia', async () => {
    const user = userEvent.setup();
    visit(<HistoryScreen />);
    const table = await screen.findByRole('table', { name: /per session, oldest first/ });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent);
    // The stored samples hold no rep the real engine counts: no figures, never made-up zeros.
    expect(cells).toEqual(['0.05', '0', '–', '–']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Metric' }), 'power');
    expect(screen.getByRole('table', { name: /^Power \(W\), concentric/ })).toBeTruthy();
    expect(within(screen.getByRole('combobox', { name: 'Inertia' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', '0.05 kg·m²']);
  });
});

describe('Progress over three sessions, two at 0.025 kg·m²', () => {
  // Two sessions at 0.025 kg·m² around one at 0.1: the light flywheel is the most used.
  const MOSTLY_LIGHT: AthleteSession[] = [...TWO_INERTIAS, { id: 'light again', startedAt: Date.UTC(2025, 2, 11, 8, 30), inertia: 0.025, plates: [0, 0, 1, 0, 0], seed: 6 }];
  beforeEach(async () => {
    app.dispose();
    app = composeTestApp({ openJournal: () => storeWithAthleteSessions(MOSTLY_LIGHT, synthesizeSet) });
    await app.startBackground();
  });

  it('compares like with like: the sessions at the most used inertia, one best and one mean line', async () => {
    visit(<HistoryScreen />);
    const table = await screen.findByRole('table', { name: /per session, oldest first/ });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Inertia' }) as HTMLSelectElement).value).toBe('0.025'));
    expect(table.querySelector('caption')!.textContent).toBe('Velocity (m/s), concentric, at 0.025 kg·m², per session, oldest first');
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getByRole('rowheader').textContent)).toHaveLength(2);
    const lines = within(await screen.findByRole('list', { name: 'trend drawn' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['Best: 2025-03-09 2025-03-11', 'Mean: 2025-03-09 2025-03-11']);
  });

  it('draws one line per inertia for All, never joining sessions at different loads', async () => {
    const user = userEvent.setup();
    visit(<HistoryScreen />);
    await screen.findByRole('list', { name: 'trend drawn' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Inertia' }), 'all');
    const lines = within(screen.getByRole('list', { name: 'trend drawn' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      '0.025 kg·m² best: 2025-03-09 2025-03-11',
      '0.025 kg·m² mean: 2025-03-09 2025-03-11',
      '0.1 kg·m² best: 2025-03-10',
      '0.1 kg·m² mean: 2025-03-10',
    ]);
  });

});

describe('Progress over two sessions at two inertias', () => {
  beforeEach(async () => {
    app.dispose();
    app = composeTestApp({ openJournal: () => storeWithAthleteSessions(TWO_INERTIAS, synthesizeSet) });
    await app.startBackground();
  });

  it('lists both oldest first with their figures for All, and one when filtered by inertia', async () => {
    const user = userEvent.setup();
    visit(<HistoryScreen />);
    const table = await screen.findByRole('table', { name: /per session, oldest first/ });
    await waitFor(() => expect(screen.getAllByRole('option', { name: '0.1 kg·m²' })).toHaveLength(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Inertia' }), 'all');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows.map((r) => r[0])).toEqual(['0.025', '0.1']);
    // Four reps after the warmup each; the heavier flywheel is pulled more slowly.
    expect(rows.map((r) => r[1])).toEqual(['4', '4']);
    expect(Number(rows[1]![3])).toBeLessThan(Number(rows[0]![3]));
    expect(Number(rows[0]![2])).toBeGreaterThanOrEqual(Number(rows[0]![3]));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Inertia' }), '0.1');
    expect(table.querySelector('caption')!.textContent).toContain(', at 0.1 kg·m², ');
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getByRole('rowheader').textContent)).toEqual([new Date(TWO_INERTIAS[1]!.startedAt).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })]);
  });
});
