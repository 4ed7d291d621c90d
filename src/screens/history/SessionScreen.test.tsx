// @vitest-environment happy-dom
/**
 * A three-set session opened from the History: every set shows, each with its figures and its
 * reps numbered from its own warmup, as a chart and as a table; none of them is "current". The
 * page reads the journal only, so it opens while a unit is connected, and it can delete.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { synthesizeSet } from '../../device/simulation/physics';
import { createFakeUnit, FAKE_DEVICE } from '../../device/testing/fakeUnit';
import { DEFAULT_ENGINE_SETTINGS } from '../../engine/settings';
import { SessionJournal } from '../../journal/sessionJournal';
import { workoutSnapshot } from '../../journal/sessionRecovery';
import type { JournalStore } from '../../journal/store';
import { freshStore, manualTimer } from '../../journal/testKit';
import { DEFAULT_SETTINGS } from '../../rules/settingsModel';
import type { App } from '../../compose/compose';
import { composeTestApp, endTestApp, renderWithApp } from '../../compose/testing/testApp';

// The chart as the x labels it is handed.
vi.mock('../../components/chart/PlotlyRepChart', () => import('../../components/chart/testing/repChartDouble'));
vi.mock('./ProgressChart', () => import('./testing/progressChartDouble'));
const { default: HistoryScreen } = await import('./HistoryScreen');
const { default: SessionScreen } = await import('./SessionScreen');

const STARTED_AT = Date.UTC(2025, 4, 2, 17, 0);
const WHEN = new Date(STARTED_AT).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Three sets of four reps (one warmup each) at 0.05 kg·m², 25 s of rest after each: longer than the 20 s set rest. */
async function storeWithThreeSets(): Promise<JournalStore> {
  const store = await freshStore();
  const journal = new SessionJournal({ store, every: manualTimer().every, newId: () => 'three', now: () => STARTED_AT });
  journal.start({
    settings: { engine: { ...DEFAULT_ENGINE_SETTINGS, inertia: 0.05 }, workout: workoutSnapshot({ ...DEFAULT_SETTINGS, plates: [0, 1, 0, 0, 0] }) },
    plates: [0, 1, 0, 0, 0],
    unitKind: 'bluetooth',
    unit: FAKE_DEVICE,
  });
  let after = { startTimeUs: 0, startAngleDeg: undefined as number | undefined };
  for (const seed of [21, 22, 23]) {
    const set = synthesizeSet({ reps: 4, seed, inertia: 0.05, restAfterS: 25, ...after });
    journal.append(set.timeUs, set.angleDeg);
    after = { startTimeUs: set.timeUs.at(-1)! + 5000, startAngleDeg: set.endAngleDeg };
  }
  await journal.finish({ reps: 9, best: null });
  return store;
}

let app: App;

beforeEach(async () => {
  app = composeTestApp({ openJournal: storeWithThreeSets });
  await app.startBackground();
});

afterEach(() => endTestApp(app));

function visitHistory() {
  renderWithApp(
    <MemoryRouter initialEntries={['/history']}>
      <Routes>
        <Route path="/history" element={<HistoryScreen />} />
        <Route path="/history/:id" element={<SessionScreen />} />
      </Routes>
    </MemoryRouter>,
    app,
  );
  return userEvent.setup();
}

describe('a three-set session opened from the History', () => {
  it('shows every set with its figures, as a chart and as a table, none of them "current"', async () => {
    await act(() => app.link.connect(createFakeUnit()));
    const user = visitHistory();
    await user.click(await screen.findByRole('link', { name: `Open the session of ${WHEN}` }));
    expect(await screen.findByRole('heading', { level: 1, name: `Session of ${WHEN}` })).toBeTruthy();
    const sets = await screen.findAllByRole('region', { name: /, set \d$/ });
    expect(sets.map((set) => within(set).getByRole('heading').textContent)).toEqual(['Athlete 1, set 1', 'Athlete 1, set 2', 'Athlete 1, set 3']);
    for (const set of sets) {
      expect(set.textContent).toMatch(/0\.05\u00a0kg·m², boost Off · 3 reps · best \d\.\d\d\u00a0m\/s · mean \d\.\d\d\u00a0m\/s · velocity loss/);
      expect(await within(set).findByText('chart drawn: W 1 2 3')).toBeTruthy();
    }
    expect(screen.queryByText(/current/)).toBeNull();

    await user.click(within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name: 'Table' }));
    const tables = screen.getAllByRole('table');
    expect(tables.map((t) => within(t).getAllByRole('row').slice(1).map((r) => within(r).getByRole('rowheader').textContent))).toEqual([
      ['W', '1', '2', '3'],
      ['W', '1', '2', '3'],
      ['W', '1', '2', '3'],
    ]);
  });

  it('deletes the session after the confirmation and goes back to the History', async () => {
    const user = visitHistory();
    await user.click(await screen.findByRole('link', { name: `Open the session of ${WHEN}` }));
    await screen.findAllByRole('region', { name: /, set \d$/ });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete session?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No finished sessions yet.')).toBeTruthy();
  });
});
