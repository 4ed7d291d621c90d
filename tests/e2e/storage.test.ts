/**
 * Blocked or missing site storage must not cost the workout: with localStorage refused (the
 * getter throws SecurityError, as when the browser blocks site data) the app renders, says once
 * that settings will not be kept, and records reps; with IndexedDB unavailable (private windows)
 * the journal says it is off and the workout works all the same.
 */
import { repPackets } from './fixtures/reps';
import { describe, expect, test } from './fixtures/test';

describe('when the browser refuses storage', () => {
  test('localStorage throwing SecurityError: settings are kept in memory, the user is told once, reps still come', async ({ app, unit }) => {
    await app.page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    app.problems.allowConsoleError(/Settings will not be kept after this visit/);
    await app.open();
    const alerts = await app.waitForAlert(/Settings will not be kept after this visit: this browser blocks storage for the site/);
    expect(alerts.match(/Settings will not be kept/g)).toHaveLength(1);
    await app.page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
    await app.showTable();
    await app.connectAndCalibrate();
    await unit.streamPackets(app.page, repPackets({ reps: 3, seed: 5, inertia: 0.05, firmware: unit.firmware }).packets);
    expect((await app.waitForRows(3)).length).toBe(3);
    expect((await app.alertTexts()).join('\n')).not.toMatch(/Settings will not be kept/);
  });

  test('IndexedDB unavailable: the journal says sessions are not kept, the workout works', async ({ app, unit }) => {
    await app.page.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', {
        configurable: true,
        get() {
          throw new DOMException('The user denied permission to access the database.', 'SecurityError');
        },
      });
    });
    app.problems.allowConsoleError(/Sessions cannot be kept on this device/);
    await app.open();
    await app.waitForAlert(/Sessions cannot be kept on this device .*recording continues in memory only; export a session to keep it/);
    await app.page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
    await app.showTable();
    await app.connectAndCalibrate();
    await unit.streamPackets(app.page, repPackets({ reps: 3, seed: 6, inertia: 0.05, firmware: unit.firmware }).packets);
    expect((await app.waitForRows(3)).length).toBe(3);
  });
});
