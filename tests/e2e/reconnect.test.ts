/**
 * Nothing lost: the unit drops the link in the middle of a set (Chromium's emulated
 * GATT disconnection) and comes back. The app must reconnect on its own, carry the same session
 * on, and show every rep it saw whole exactly once: the reps before the drop unchanged, the reps
 * after it numbered on. What the unit measured while the link was down never arrives, so the two
 * reps the outage cut are not counted — the app must not stitch one out of the pieces either.
 * Ground truth is the simulated athlete's mean rope speed per rep.
 */
import { encodeSamplePackets } from '../../src/device/protocol/samplePacket';
import { synthesizeSet } from '../../src/device/simulation/physics';
import { WHOLE_RECONNECT_SCHEDULE_MS, type App } from './fixtures/app';
import { describe, expect, test } from './fixtures/test';

/** The text the Bluetooth button shows (its accessible name stays "Disconnect unit" while reconnecting). */
function buttonText(app: App): Promise<string> {
  return app.bluetoothButton().innerText();
}

describe('the unit drops the link in the middle of a set', () => {
  test('the app reconnects by itself; the reps before and after are shown once each, none invented', async ({ app, unit }) => {
    await app.open();
    await app.connectAndCalibrate();
    await app.showTable();
    // Eight reps; the link is down from the middle of rep 3's pull to the middle of rep 4's return.
    const set = synthesizeSet({ reps: 8, seed: 21, inertia: 0.05 });
    const lostFrom = (set.reps[3]!.startUs + set.reps[3]!.turnUs) / 2;
    const lostTo = (set.reps[4]!.turnUs + set.reps[4]!.endUs) / 2;
    const part = (keep: (t: number) => boolean) => {
      const idx = set.timeUs.flatMap((t, i) => (keep(t) ? [i] : []));
      return encodeSamplePackets({ timeUs: idx.map((i) => set.timeUs[i]!), angleDeg: idx.map((i) => set.angleDeg[i]!) }, { format: 'records' });
    };

    await unit.streamPackets(app.page, part((t) => t < lostFrom));
    const before = await app.waitForRows(3);
    expect(before.map((r) => r.label)).toEqual(['W', '1', '2']);

    await unit.disconnectFromDevice();
    await expect.poll(() => buttonText(app), { timeout: 5_000 }).toBe('Reconnecting…');
    await expect.poll(() => buttonText(app), { timeout: 10_000 }).toBe('Disconnect');
    expect(unit.operations.filter((op) => op === 'connection')).toHaveLength(2);

    await unit.streamPackets(app.page, part((t) => t > lostTo));
    await app.waitForStatus(/^Reconnected: \d+\.\d s without samples, marked as a gap$/m);
    const rows = await app.waitForRows(6);
    expect(rows.slice(0, 3)).toEqual(before);
    expect(rows.map((r) => r.label)).toEqual(['W', '1', '2', '3', '4', '5']);
    const seen = [0, 1, 2, 5, 6, 7].map((i) => set.reps[i]!);
    rows.forEach((row, i) => {
      expect(Number(row.concentric), `row ${row.label}`).toBeGreaterThan(seen[i]!.concentricMeanVelocity * 0.85);
      expect(Number(row.concentric), `row ${row.label}`).toBeLessThan(seen[i]!.concentricMeanVelocity * 1.15);
    });
    expect(await app.alertTexts()).toEqual([]);
  });

  test('a disconnect by the user is not followed by a reconnect', async ({ app, unit }) => {
    await app.watchGattConnects();
    await app.open();
    await app.connectAndCalibrate();
    await app.disconnectButton().click();
    await app.connectButton().waitFor();
    // The whole time reconnect attempts could take passes on the page's clock: none is made.
    await app.page.clock.runFor(WHOLE_RECONNECT_SCHEDULE_MS);
    expect(await app.gattConnects()).toBe(1);
    expect(unit.operations.filter((op) => op === 'connection')).toHaveLength(1);
    expect(await app.connectButton().count()).toBe(1);
  });
});
