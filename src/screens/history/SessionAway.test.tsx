// @vitest-environment happy-dom
/**
 * A session pulled from the team server without its samples, opened while the device is offline
 * (the composed app against a real team server, its network a test double): the page says where
 * the samples are and that they load once online, shows what the record has (each athlete's set
 * with its exercise, plates, reps, best, RPE and note), and opens the session whole as soon as the
 * device is back online, without being asked again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, vi } from 'vitest';
import { synthesizeSet } from '../../device';
import { storeWithAthleteSessions } from '../../journal/testKit';
import { figure } from '../../rules/labels';
import { endTestApp, renderWithApp } from '../../compose/testing/testApp';
import { it, teamDevice as device } from '../../compose/testing/teamApp';

vi.mock('../../components/chart/PlotlyRepChart', () => import('../../components/chart/testing/repChartDouble'));
const { default: SessionScreen } = await import('./SessionScreen');

const AWAY = 'The samples of this session are on the team server: they load once this device is online.';

describe('a session pulled without its samples, opened offline', { timeout: 90_000 }, () => {
  it('shows what its record has, says the samples load once online, and opens whole when the device is back online', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await device(server, () => storeWithAthleteSessions([{ id: 'light', startedAt: Date.UTC(2025, 3, 1, 9), plates: [0, 0, 1, 0, 0], inertia: 0.025, seed: 3 }], synthesizeSet));
    const desktop = await device(server);
    try {
      const onTablet = tablet.app.journal.value!;
      const [entry] = await onTablet.history();
      const set = entry!.sets![0]!;
      await onTablet.rateSet(entry!.id, { atUs: set.startUs, rpe: 7, note: 'good depth' }, [set.startUs]);
      await (await onTablet.sync.load()).join(server.base, coachCode, 'tablet');
      await (await desktop.app.journal.value!.sync.load()).join(server.base, coachCode, 'desktop');

      desktop.network.offline = true;
      renderWithApp(
        <MemoryRouter initialEntries={[`/history/${entry!.id}`]}>
          <Routes>
            <Route path="/history/:id" element={<SessionScreen />} />
          </Routes>
        </MemoryRouter>,
        desktop.app,
      );
      expect((await screen.findByRole('status')).textContent).toBe(AWAY);
      expect(screen.queryByText('Loading…')).toBeNull();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Session of ${new Date(entry!.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`);
      // Five pulls, the first the warmup: four reps, at the record's best, as the tablet kept it.
      const best = figure(set.figures['velocity.concentric']!.best);
      expect(within(screen.getByRole('list', { name: 'Sets of the session' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        `Athlete 1, set 1: Unspecified · 0.025\u00a0kg·m² · 4 reps · best ${best}\u00a0m/s · RPE 7 · “good depth”`,
      ]);

      desktop.network.goOnline();
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Athlete 1, set 1' })).toBeTruthy(), { timeout: 10_000 });
      expect(screen.queryByText(AWAY)).toBeNull();
      expect(await screen.findByText('chart drawn: W 1 2 3 4')).toBeTruthy();
    } finally {
      for (const d of [tablet, desktop]) await endTestApp(d.app);
    }
  });
});
