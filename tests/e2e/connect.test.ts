/**
 * Connecting through the Bluetooth button, the Calibrate modal, what
 * the unit received, and the ways a connection ends: Cancel, the user's disconnect, and the unit
 * dropping the link — which the app now answers by reconnecting, so the button leaves
 * green at once and turns neutral when the user gives up.
 */
import { WHOLE_RECONNECT_SCHEDULE_MS } from './fixtures/app';
import { describe, expect, test } from './fixtures/test';
import { repPackets } from './fixtures/reps';

/** HCI 0x3E "connection failed to be established": the unit is out of reach. */
const HCI_CONNECTION_FAILED = 0x3e;

const CALIBRATE_TEXT = 'First calibrate Repline by pulling the rope straight out and press the Calibrate button.';

describe('connecting a Bluetooth unit', () => {
  test('the Bluetooth button offers the Bluetooth unit and the Demo unit', async ({ app }) => {
    await app.open();
    await app.connectButton().click();
    const menu = app.page.getByRole('menu', { name: 'Connect' });
    await menu.getByRole('menuitem').first().waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Bluetooth unit', 'Demo unit']);
  });

  test('opens the Calibrate modal with the documented text, and Calibrate reads 0x1605 and closes it', async ({ app, unit }) => {
    await app.open();
    await app.connect();
    const modal = app.dialog('Calibrate');
    expect(await modal.innerText()).toContain(CALIBRATE_TEXT);
    expect(unit.operations).not.toContain('read 0x1605');

    await modal.getByRole('button', { name: 'Calibrate', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(unit.operations.filter((op) => op === 'read 0x1605')).toHaveLength(1);
    await app.disconnectButton().waitFor();
  });

  test('runs the docs/behaviour.md §4 connect sequence: firmware, unit info, notifications, motor off, then boost 0', async ({ app, unit }) => {
    await app.open();
    await app.connect();
    const sequence = ['read 0x1611', 'read 0x1612', 'read 0x1613', 'read 0x1606', 'subscribe 0x1604', 'read 0x160B', 'write 0x1608'];
    const seen = unit.operations.filter((op) => sequence.includes(op));
    expect(seen).toEqual(sequence);
    expect(unit.operations.slice(0, 2)).toEqual(['connection', 'discovery']);
    expect(unit.writes).toEqual([{ characteristic: '0x1608', text: '0', bytes: [0x30] }]);
  });

  test('shows the firmware and unit info on Settings → Unit, and Save writes the unit info as JSON text', async ({ app, unit }) => {
    await app.open();
    await app.connectAndCalibrate();
    await app.navigate('Settings');
    await app.page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Unit', exact: true }).click();
    await app.page.waitForURL(/\/settings\/unit$/);
    const main = app.page.getByRole('main');
    await expect.poll(() => main.innerText()).toContain('6.2.0');
    const form = main.getByRole('form', { name: 'Unit' });
    expect(await form.getByLabel('Unit type').locator('option:checked').innerText()).toMatch(/5\.1/);
    expect(await form.getByLabel('Unit number').inputValue()).toBe('7');
    expect(await form.getByLabel('Unit name').inputValue()).toBe('Gym Rack');

    await form.getByLabel('Unit name').fill('Garage');
    await form.getByRole('button', { name: 'Save to unit' }).click();
    await expect.poll(() => unit.writesTo('unitInfo')).toHaveLength(1);
    expect(JSON.parse(unit.writesTo('unitInfo')[0]!)).toEqual({ unitType: 5.1, unitNumber: 7, unitName: 'Garage' });
  });
});

describe('leaving a connection', () => {
  test('Cancel in the Calibrate modal closes it and disconnects the unit', async ({ app, unit }) => {
    await app.open();
    await app.connect();
    await app.dialog('Calibrate').getByRole('button', { name: 'Cancel', exact: true }).click();
    await app.dialog('Calibrate').waitFor({ state: 'hidden' });
    await app.connectButton().waitFor();
    expect(unit.operations).not.toContain('read 0x1605');
    const connected = await app.page.evaluate(async () => (await navigator.bluetooth.getDevices()).map((d) => d.gatt?.connected));
    expect(connected).toEqual([false]);
  });

  test('pressing the button while the app reconnects a dropped unit disconnects for good, keeping the reps', async ({ app, unit }) => {
    await app.watchGattConnects();
    await app.open();
    await app.connectAndCalibrate();
    await app.showTable();
    await unit.streamPackets(app.page, repPackets({ reps: 4, seed: 5, inertia: 0.1, firmware: unit.firmware }).packets);
    const before = await app.waitForRows(4);

    unit.failures.connection = HCI_CONNECTION_FAILED; // the unit is out of range
    await unit.disconnectFromDevice();
    await expect.poll(() => app.bluetoothButton().innerText()).toContain('Reconnecting');
    expect(await app.bluetoothButton().getAttribute('class')).not.toMatch(/is-connected/);
    await app.waitForStatus(/Reconnecting… \(attempt \d+ of \d+\)/);
    expect(await app.tableRows()).toEqual(before);

    await app.disconnectButton().click();
    await app.connectButton().waitFor();
    const connects = await app.gattConnects();
    // A user's disconnect never reconnects: the whole backoff schedule passes on the page's clock.
    await app.page.clock.runFor(WHOLE_RECONNECT_SCHEDULE_MS);
    expect(await app.gattConnects()).toBe(connects);
    expect(await app.tableRows()).toEqual(before);
  });
});

describe('when the unit drops the link', () => {
  test('the button leaves green, the reps stay, and the app reconnects by itself when the unit is back', async ({ app, unit }) => {
    await app.open();
    await app.connectAndCalibrate();
    await app.showTable();
    const first = repPackets({ reps: 4, seed: 5, inertia: 0.1, firmware: unit.firmware });
    await unit.streamPackets(app.page, first.packets);
    const before = await app.waitForRows(4);

    unit.failures.connection = HCI_CONNECTION_FAILED;
    await unit.disconnectFromDevice();
    await expect.poll(() => app.bluetoothButton().innerText()).toContain('Reconnecting');
    expect(await app.bluetoothButton().getAttribute('class')).not.toMatch(/is-connected/);
    await expect.poll(() => unit.operations.filter((op) => op === 'connection').length).toBeGreaterThanOrEqual(2);
    expect(await app.tableRows()).toEqual(before);

    delete unit.failures.connection; // back in range
    await expect.poll(() => app.bluetoothButton().getAttribute('class'), { timeout: 15_000 }).toMatch(/is-connected/);
    expect(unit.promptCount, 'a reconnection must not show the chooser again').toBe(1);
    expect(await app.dialog('Calibrate').count()).toBe(0);

    const second = repPackets({ reps: 2, seed: 6, inertia: 0.1, firmware: unit.firmware, startUs: first.endUs + 10_000_000, startAngleDeg: first.endAngleDeg });
    await unit.streamPackets(app.page, second.packets);
    const after = await app.waitForRows(6);
    expect(after.slice(0, 4)).toEqual(before);
    expect(after.map((r) => r.label)).toEqual(['W', '1', '2', '3', '4', '5']);
  });
});
