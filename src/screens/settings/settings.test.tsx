// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../compose/compose';
import { composeTestApp, endTestApp, renderWithApp } from '../../compose/testing/testApp';
import { createFakeUnit } from '../../device/testing/fakeUnit';
import { AlertRegion } from '../../app/AlertRegion';
import GeneralSettings from './GeneralSettings';
import UnitSettings from './UnitSettings';

let app: App;
const render = (ui: ReactElement) => renderWithApp(ui, app);
const connectUnit = (unit: Parameters<App['link']['connect']>[0]) => app.link.connect(unit);

beforeEach(() => {
  app = composeTestApp();
});

afterEach(async () => {
  await endTestApp(app);
});

describe('Settings → Unit', () => {
  it('shows the firmware as major.minor.patch and writes edited unit info to the unit', async () => {
    const user = userEvent.setup();
    const unit = createFakeUnit('bluetooth');
    await act(() => connectUnit(unit));
    render(
      <>
        <UnitSettings />
        <AlertRegion />
      </>,
    );
    expect(screen.getByText('6.2.1')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit type' }), '5.2');
    await user.clear(screen.getByLabelText('Unit number'));
    await user.type(screen.getByLabelText('Unit number'), '12');
    await user.clear(screen.getByLabelText('Unit name'));
    await user.type(screen.getByLabelText('Unit name'), 'Garage rack');
    await user.click(screen.getByRole('button', { name: 'Save to unit' }));
    await waitFor(() => expect(unit.calls).toContain('writeUnitInfo(5.2-12-Garage rack)'));
    expect(await screen.findByText('Unit settings written to the unit')).toBeTruthy();
  });

  it('shows a failed write in the alert region', async () => {
    const user = userEvent.setup();
    const unit = createFakeUnit('bluetooth');
    unit.fail.set('writeUnitInfo', new Error('ErrorUseBluetoothApiReplineRun: write failed'));
    await act(() => connectUnit(unit));
    render(
      <>
        <UnitSettings />
        <AlertRegion />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Save to unit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('ErrorUseBluetoothApiReplineRun: write failed');
  });

  it('is read-only without a unit', () => {
    render(<UnitSettings />);
    expect(screen.getByText('Connect a unit to change its settings.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save to unit' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses an empty name and a fractional number', async () => {
    const user = userEvent.setup();
    await act(() => connectUnit(createFakeUnit('bluetooth')));
    render(<UnitSettings />);
    await user.clear(screen.getByLabelText('Unit name'));
    expect(screen.getByText('Enter a name')).toBeTruthy();
    await user.type(screen.getByLabelText('Unit name'), 'x');
    await user.clear(screen.getByLabelText('Unit number'));
    await user.type(screen.getByLabelText('Unit number'), '1.5');
    expect(screen.getByText('Enter a whole number')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save to unit' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Settings → General', () => {
  it('saves body mass, sampling rate and the calculate flags', async () => {
    const user = userEvent.setup();
    render(<GeneralSettings />);
    await user.clear(screen.getByLabelText('Body mass'));
    await user.type(screen.getByLabelText('Body mass'), '72.5');
    await user.clear(screen.getByLabelText('Sampling rate'));
    await user.type(screen.getByLabelText('Sampling rate'), '100');
    await user.click(screen.getByRole('switch', { name: 'Calculate angular velocity' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(app.stores.settings.current.value).toMatchObject({ mass: 72.5, hz: 100, calcAngularVelocity: true, calcAngularAcceleration: true });
  });

  it('refuses a sampling rate the engine cannot use', async () => {
    const user = userEvent.setup();
    render(<GeneralSettings />);
    await user.clear(screen.getByLabelText('Sampling rate'));
    await user.type(screen.getByLabelText('Sampling rate'), '5000');
    expect(screen.getByText('Enter a number from 100 to 1000')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
