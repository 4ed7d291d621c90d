// @vitest-environment happy-dom
/**
 * Connecting from another screen: after the calibration, with no plates chosen, the app takes the
 * user to the Workout screen and asks for the plates, except from the sensor test page (the user
 * is checking the unit there) and the profile test (which sets the plates itself).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../compose/compose';
import { composeTestApp, endTestApp, renderWithApp } from '../compose/testing/testApp';
import { createFakeUnit } from '../device/testing/fakeUnit';
import { createManualScheduler } from '../device/simulation/scheduler';
import { createSimulatedUnit } from '../device';
import type { Unit } from '../device/unit';

vi.mock('../components/chart/PlotlyRepChart', () => import('../components/chart/testing/repChartDouble'));
const { AppRoutes } = await import('./AppRoutes');

let app: App;
beforeEach(() => {
  app = composeTestApp();
});
afterEach(() => endTestApp(app));

async function connectAndCalibrateOn(path: string, unit: Unit = createFakeUnit()): Promise<void> {
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
    app,
  );
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  await act(() => app.link.connect(unit));
  const calibrate = await screen.findByRole('dialog', { name: 'Calibrate' });
  await userEvent.setup().click(within(calibrate).getByRole('button', { name: 'Calibrate' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Calibrate' })).toBeNull());
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('calibrating with no plates chosen', () => {
  it.each([
    ['/test', 'Sensor test'],
    ['/profile/test', 'Profile test'],
  ])('on %s stays there and asks nothing', async (path, heading) => {
    await connectAndCalibrateOn(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Inertia' })).toBeNull();
  });

  it('holds the Demo athlete’s set until the Inertia dialog is closed (issue 31, point 11)', async () => {
    const scheduler = createManualScheduler();
    const demo = createSimulatedUnit({ seed: 2, scheduler, reps: 3 });
    const angles: number[] = [];
    demo.on('samples', (batch) => angles.push(...batch.angleDeg));
    await connectAndCalibrateOn('/', demo);
    const dialog = await screen.findByRole('dialog', { name: 'Inertia' });
    act(() => scheduler.advance(6000));
    // The rope rests at its calibration zero while the plates are asked for.
    expect(Math.max(...angles.map(Math.abs))).toBeLessThan(5);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Skip' }));
    act(() => scheduler.advance(6000));
    expect(Math.max(...angles.map(Math.abs))).toBeGreaterThan(180);
  });

  it('elsewhere opens the Workout screen with the Inertia dialog', async () => {
    await connectAndCalibrateOn('/history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Workout' })).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Inertia' })).toBeTruthy();
  });
});
