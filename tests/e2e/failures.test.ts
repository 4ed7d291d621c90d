/**
 * What the user sees when the unit or the browser says no. Each failure
 * shows its docs/behaviour.md §8 text (`ErrorUseBluetoothApiRepline<Op>: <cause>`) in an alert, and the app
 * stays usable: the next attempt connects and reps still arrive.
 */
import type { App } from './fixtures/app';
import type { EmulatedUnit } from './fixtures/emulatedUnit';
import { repPackets } from './fixtures/reps';
import { describe, expect, test } from './fixtures/test';

/** HCI 0x3E "connection failed to be established"; ATT 0x0E "unlikely error". */
const HCI_CONNECTION_FAILED = 0x3e;
const ATT_UNLIKELY_ERROR = 0x0e;

/** Still usable: a clean connect works and a streamed set reaches the table. */
async function expectUsable(app: App, unit: EmulatedUnit): Promise<void> {
  await app.connectAndCalibrate();
  await app.showTable();
  await unit.streamPackets(app.page, repPackets({ reps: 3, seed: 3, inertia: 0.05, firmware: unit.firmware }).packets);
  await app.waitForRows(3);
}

describe('failures the user meets', () => {
  test('a cancelled chooser shows the Connect error and a later connect works', async ({ app, unit }) => {
    app.problems.allowConsoleError(/ErrorUseBluetoothApiReplineConnect/);
    await app.open();
    unit.chooser = 'cancel';
    await app.startConnect();
    await app.waitForAlert(/ErrorUseBluetoothApiReplineConnect: NotFoundError: User cancelled the requestDevice\(\) chooser/);
    await app.connectButton().waitFor();
    expect(unit.operations).toEqual([]);

    unit.chooser = 'select';
    await expectUsable(app, unit);
  });

  test('a refused connection shows the Connect error and the next attempt connects', async ({ app, unit }) => {
    app.problems.allowConsoleError(/ErrorUseBluetoothApiReplineConnect/);
    unit.failures.connection = HCI_CONNECTION_FAILED;
    await app.open();
    await app.startConnect();
    await app.waitForAlert(/^ErrorUseBluetoothApiReplineConnect: NetworkError: /m);
    await app.connectButton().waitFor();
    expect(await app.dialog('Calibrate').count()).toBe(0);

    delete unit.failures.connection;
    await expectUsable(app, unit);
  });

  test('a failing calibrate characteristic shows the Calibrate error and keeps the unit connected', async ({ app, unit }) => {
    app.problems.allowConsoleError(/ErrorUseBluetoothApiReplineCalibrate/);
    unit.failures.read = { calibrate: ATT_UNLIKELY_ERROR };
    await app.open();
    await app.connect();
    await app.dialog('Calibrate').getByRole('button', { name: 'Calibrate', exact: true }).click();
    await app.waitForAlert(/^ErrorUseBluetoothApiReplineCalibrate: NotSupportedError: /m);
    await app.disconnectButton().waitFor();

    delete unit.failures.read;
    await app.dialog('Calibrate').getByRole('button', { name: 'Calibrate', exact: true }).click();
    await app.dialog('Calibrate').waitFor({ state: 'hidden' });
    await app.showTable();
    await unit.streamPackets(app.page, repPackets({ reps: 3, seed: 3, inertia: 0.05, firmware: unit.firmware }).packets);
    await app.waitForRows(3);
  });

  test('a failing boost write shows the SetMotorBoost error and the set goes on', async ({ app, unit }) => {
    app.problems.allowConsoleError(/ErrorUseBluetoothApiReplineSetMotorBoost/);
    await app.open();
    await app.connectAndCalibrate();
    unit.failures.write = { boost: ATT_UNLIKELY_ERROR };
    const dialog = await app.openInertiaDialog();
    await dialog.getByLabel('Overload Boost').selectOption({ label: '20%' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await app.waitForAlert(/^ErrorUseBluetoothApiReplineSetMotorBoost: NotSupportedError: /m);
    expect(unit.writesTo('boost')).toEqual(['0', '20']);

    await app.closeDialog('Inertia');
    await app.showTable();
    await unit.streamPackets(app.page, repPackets({ reps: 3, seed: 3, inertia: 0.05, firmware: unit.firmware }).packets);
    await app.waitForRows(3);
  });

  test('failing firmware and unit-info reads fall back silently to docs/behaviour.md §8 defaults', async ({ app, unit }) => {
    unit.failures.read = { firmwareMinor: ATT_UNLIKELY_ERROR, unitInfo: ATT_UNLIKELY_ERROR };
    await app.open();
    await app.connectAndCalibrate();
    expect(await app.alertTexts()).toEqual([]);

    await app.navigate('Settings');
    await app.page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Unit', exact: true }).click();
    const main = app.page.getByRole('main');
    await expect.poll(() => main.innerText()).toContain('0.0.0');
    const form = main.getByRole('form', { name: 'Unit' });
    expect(await form.getByLabel('Unit type').locator('option:checked').innerText()).toMatch(/\(0\)/);
    expect(await form.getByLabel('Unit number').inputValue()).toBe('0');
    expect(await form.getByLabel('Unit name').inputValue()).toBe('Repline');
  });
});
