// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeUnit } from '../device/testing/fakeUnit';
import { composeTestApp, endTestApp, renderWithApp, type TestPorts } from '../compose/testing/testApp';
import type { App } from '../compose/compose';
import { AlertRegion } from './AlertRegion';
import { BluetoothButton, DEMO_NOTICE } from './BluetoothButton';
import CalibrateModal from './CalibrateModal';

let app: App & { ports: TestPorts };
/** The units the Bluetooth button made, by choice. */
let made: TestPorts['fakeUnits']['made'];

function renderShellParts() {
  renderWithApp(
    <MemoryRouter initialEntries={['/settings']}>
      <BluetoothButton />
      <CalibrateModal />
      <AlertRegion />
      <Routes>
        <Route path="/" element={<p>Workout screen</p>} />
        <Route path="*" element={null} />
      </Routes>
    </MemoryRouter>,
    app,
  );
  return userEvent.setup();
}

beforeEach(() => {
  app = composeTestApp();
  made = app.ports.fakeUnits.made;
});

afterEach(() => endTestApp(app));

describe('the Bluetooth button', () => {
  it('offers a Bluetooth unit or the Demo unit where Web Bluetooth exists', async () => {
    const user = renderShellParts();
    const button = screen.getByRole('button', { name: 'Connect unit' });
    expect(button.className).not.toContain('is-connected');
    await user.click(button);
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Bluetooth unit', 'Demo unit']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('connects the chosen unit, opens Calibrate, and turns green', async () => {
    const user = renderShellParts();
    await user.click(screen.getByRole('button', { name: 'Connect unit' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Bluetooth unit' }));
    expect(await screen.findByRole('dialog', { name: 'Calibrate' })).toBeTruthy();
    expect(made.bluetooth).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Disconnect unit' }).className).toContain('is-connected');
    await user.click(screen.getByRole('button', { name: 'Calibrate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(made.bluetooth[0].calls).toEqual(['connect', 'calibrate']);
  });

  it('after the first calibration with no plates, opens the Workout screen and asks for the plates, once', async () => {
    const user = renderShellParts();
    const connectAndCalibrate = async () => {
      await user.click(screen.getByRole('button', { name: 'Connect unit' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Demo unit' }));
      await user.click(await screen.findByRole('button', { name: 'Calibrate' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Calibrate' })).toBeNull());
    };
    await connectAndCalibrate();
    expect(screen.getByText('Workout screen')).toBeTruthy();
    const { workoutDialog, inertiaPrompt, closeWorkoutDialog } = app.stores.workoutHints;
    expect(workoutDialog.value).toBe('inertia');
    expect(inertiaPrompt.value).toBe('open');
    closeWorkoutDialog();
    expect(inertiaPrompt.value).toBe('done');
    await user.click(screen.getByRole('button', { name: 'Disconnect unit' }));
    await connectAndCalibrate();
    expect(workoutDialog.value).toBeNull();
  });

  it('does not ask for the plates when they are chosen', async () => {
    app.stores.settings.update({ plates: [0, 0, 1, 0, 0] });
    const user = renderShellParts();
    await user.click(screen.getByRole('button', { name: 'Connect unit' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Demo unit' }));
    await user.click(await screen.findByRole('button', { name: 'Calibrate' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Calibrate' })).toBeNull());
    expect(app.stores.workoutHints.workoutDialog.value).toBeNull();
    expect(screen.queryByText('Workout screen')).toBeNull();
  });

  it('Cancel in Calibrate closes it and disconnects', async () => {
    const user = renderShellParts();
    await user.click(screen.getByRole('button', { name: 'Connect unit' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Demo unit' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Connect unit' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(made.demo[0].calls).toEqual(['connect', 'disconnect']);
  });

  it('disconnects when pressed while connected', async () => {
    const user = renderShellParts();
    await user.click(screen.getByRole('button', { name: 'Connect unit' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Demo unit' }));
    await user.click(await screen.findByRole('button', { name: 'Calibrate' }));
    await user.click(await screen.findByRole('button', { name: 'Disconnect unit' }));
    expect(await screen.findByRole('button', { name: 'Connect unit' })).toBeTruthy();
  });

  it('connects the Demo unit at once without Web Bluetooth, and says it is a demo', async () => {
    app.ports.fakeUnits.webBluetooth = false;
    const user = renderShellParts();
    await user.click(screen.getByRole('button', { name: 'Connect unit' }));
    expect(await screen.findByRole('dialog', { name: 'Calibrate' })).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(made.demo).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe(DEMO_NOTICE);
  });

  it('shows a failed connection in the alert region and stays disconnected', async () => {
    vi.spyOn(app.ports.units, 'make').mockImplementationOnce(async () => {
      const unit = createFakeUnit('bluetooth');
      unit.fail.set('connect', new Error('ErrorUseBluetoothApiReplineConnect: User cancelled the requestDevice() chooser.'));
      return unit;
    });
    const user = renderShellParts();
    await user.click(screen.getByRole('button', { name: 'Connect unit' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Bluetooth unit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('ErrorUseBluetoothApiReplineConnect: User cancelled');
    expect(screen.getByRole('button', { name: 'Connect unit' })).toBeTruthy();
  });
});
