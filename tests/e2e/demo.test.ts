/**
 * A browser without Web Bluetooth (Chromium launched without the blink
 * features, as Firefox or Safari users meet the app). The app offers the Demo unit, and a set
 * runs on the simulated unit through the same screens.
 */
import { describe, expect, test } from './fixtures/test';

describe('without Web Bluetooth', () => {
  test('the app connects the Demo unit and a demo set fills the table', async ({ demoApp: app }) => {
    await app.open();
    expect(await app.page.evaluate(() => 'bluetooth' in navigator)).toBe(false);

    await app.connectButton().click();
    await app.waitForStatus(/Demo unit/);
    await app.dialog('Calibrate').waitFor();
    await app.dialog('Calibrate').getByRole('button', { name: 'Calibrate', exact: true }).click();
    await app.dialog('Calibrate').waitFor({ state: 'hidden' });
    await app.disconnectButton().waitFor();

    // No plates chosen yet: the app asks for them once, right after calibrating.
    const plates = app.dialog('Inertia');
    await plates.getByText(/need the flywheel’s inertia/).waitFor();
    await plates.getByRole('button', { name: /^Add one/ }).nth(2).click();
    await plates.getByRole('button', { name: 'Save', exact: true }).click();
    await plates.waitFor({ state: 'hidden' });
    expect(await app.inertiaCardValue()).toBeGreaterThan(0);

    await app.showTable();
    await app.page.getByRole('button', { name: 'Start demo set', exact: true }).click();
    await expect.poll(async () => (await app.tableRows()).length, { timeout: 45_000 }).toBeGreaterThanOrEqual(3);
    const rows = await app.tableRows();
    expect(rows.slice(0, 3).map((r) => r.label)).toEqual(['W', '1', '2']);
    for (const row of rows) {
      expect(row.concentric).toMatch(/^\d+\.\d{2}$/);
      expect(Number(row.concentric)).toBeGreaterThan(0.2);
      expect(Number(row.concentric)).toBeLessThan(3.2);
    }
  });
});
