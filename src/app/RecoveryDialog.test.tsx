// @vitest-environment happy-dom
/**
 * Recover pressed anywhere in the app: the user lands on the Workout screen with the recovered
 * session and is told where it went, and the History lists it as in progress until it ends.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { synthesizeSet } from '../device/simulation/physics';
import { FAKE_DEVICE } from '../device/testing/fakeUnit';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { SessionJournal } from '../journal/sessionJournal';
import { workoutSnapshot } from '../journal/sessionRecovery';
import type { JournalStore } from '../journal/store';
import { freshStore, manualTimer } from '../journal/testKit';
import { DEFAULT_SETTINGS } from '../rules/settingsModel';
import type { App } from '../compose/compose';
import { composeTestApp, endTestApp, renderWithApp } from '../compose/testing/testApp';

vi.mock('../components/chart/PlotlyRepChart', () => import('../components/chart/testing/repChartDouble'));
vi.mock('../screens/history/ProgressChart', () => import('../screens/history/testing/progressChartDouble'));
const { AppRoutes } = await import('./AppRoutes');

const STARTED_AT = Date.UTC(2025, 0, 5, 10, 0);
const WHEN = new Date(STARTED_AT).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A session of five reps (one warmup) journaled and never finished: the tab crashed. */
async function storeWithCrashedSession(): Promise<JournalStore> {
  const store = await freshStore();
  const set = synthesizeSet({ reps: 5, seed: 5, inertia: 0.05, restAfterS: 1.5 });
  const journal = new SessionJournal({ store, every: manualTimer().every, newId: () => 'crashed', now: () => STARTED_AT });
  journal.start({
    settings: { engine: { ...DEFAULT_ENGINE_SETTINGS, inertia: 0.05 }, workout: workoutSnapshot({ ...DEFAULT_SETTINGS, plates: [0, 1, 0, 0, 0] }) },
    plates: [0, 1, 0, 0, 0],
    unitKind: 'bluetooth',
    unit: FAKE_DEVICE,
  });
  journal.append(set.timeUs, set.angleDeg);
  await journal.flush();
  journal.dispose();
  return store;
}

let app: App;
beforeEach(() => {
  app = composeTestApp({ openJournal: storeWithCrashedSession });
});
afterEach(() => endTestApp(app));

describe('Recover, pressed on another screen', () => {
  it('goes to the Workout screen, says so, and the History lists the session as in progress', async () => {
    await app.startBackground();
    const user = userEvent.setup();
    renderWithApp(
      <MemoryRouter initialEntries={['/history']}>
        <AppRoutes />
      </MemoryRouter>,
      app,
    );
    await screen.findByRole('heading', { level: 1, name: 'History' }, { timeout: 5000 });
    expect(await screen.findByText('No finished sessions yet.')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Recover unfinished session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Recover' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Workout' })).toBeTruthy();
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(`Recovered the session of ${WHEN}: it is on the Workout screen, and connecting the unit carries it on.`);

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'History' }));
    const card = await screen.findByRole('region', { name: 'In progress' });
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(WHEN);
    expect(card.textContent).toContain('4 reps · best');
    await act(() => user.click(within(card).getByRole('link', { name: 'Go to the Workout screen' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Workout' })).toBeTruthy();
  });

  it('stays on the profile test’s page, which goes on with the recovered reps (issue 31, point 10)', async () => {
    await app.startBackground();
    const user = userEvent.setup();
    renderWithApp(
      <MemoryRouter initialEntries={['/profile/test']}>
        <AppRoutes />
      </MemoryRouter>,
      app,
    );
    await screen.findByRole('heading', { level: 1, name: 'Profile test' }, { timeout: 5000 });
    await user.click(within(await screen.findByRole('dialog', { name: 'Recover unfinished session?' })).getByRole('button', { name: 'Recover' }));
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(`Recovered the session of ${WHEN}: the profile test goes on with its reps.`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Profile test');
  });

  it('offers no session without a rep (the rope at rest after a Reset, then a reload): it is discarded (issue 31, point 11)', async () => {
    app.dispose();
    app = composeTestApp({
      openJournal: async () => {
        const store = await freshStore();
        const journal = new SessionJournal({ store, every: manualTimer().every, newId: () => 'rest only', now: () => STARTED_AT });
        journal.start({ settings: { engine: { ...DEFAULT_ENGINE_SETTINGS, inertia: 0.05 }, workout: workoutSnapshot(DEFAULT_SETTINGS) }, plates: [0, 1, 0, 0, 0], unitKind: 'bluetooth', unit: FAKE_DEVICE });
        journal.append(Array.from({ length: 2000 }, (_, i) => 5e6 + i * 5000), Array.from({ length: 2000 }, (_, i) => 0.2 * Math.sin(i)));
        await journal.flush();
        journal.dispose();
        return store;
      },
    });
    await app.startBackground();
    renderWithApp(
      <MemoryRouter initialEntries={['/history']}>
        <AppRoutes />
      </MemoryRouter>,
      app,
    );
    expect(await screen.findByText('No finished sessions yet.', undefined, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(app.journal.value!.offer.value).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Recover unfinished session?' })).toBeNull();
    expect(await app.journal.value!.history()).toEqual([]);
  });
});
