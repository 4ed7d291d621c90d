/**
 * One corrupted record in a set streamed over emulated Bluetooth: the angle's sign flipped in the
 * rest between two reps (with the engine before, 7 rows, one of them a 0.05 s "rep" at twice the
 * speed of the others). The engine rejects the sample: the table shows the 6 reps done, each near
 * the simulated athlete's true mean rope speed, and the Workout screen counts the rejected sample
 * with the unit's other sample problems.
 */
import { encodeSamplePackets } from '../../src/device/protocol/samplePacket';
import { synthesizeSet } from '../../src/device/simulation/physics';
import { describe, expect, test } from './fixtures/test';

describe('a corrupted record in the middle of a set', () => {
  test('a sign-flipped angle in a rest makes no rep: 6 rows for 6 reps, and the screen counts the rejected sample', async ({ app, unit }) => {
    await app.open();
    await app.connectAndCalibrate();
    await app.showTable();
    const set = synthesizeSet({ reps: 6, seed: 11, inertia: 0.05 });
    const rest = (set.reps[2]!.endUs + set.reps[3]!.startUs) / 2;
    const corrupted = set.timeUs.findIndex((t) => t >= rest);
    const angleDeg = set.angleDeg.map((a, i) => (i === corrupted ? -a : a));
    expect(Math.abs(set.angleDeg[corrupted]!)).toBeGreaterThan(500);
    await unit.streamPackets(app.page, encodeSamplePackets({ timeUs: set.timeUs, angleDeg }, { format: 'records' }));
    const rows = await app.waitForRows(6);
    expect(rows.map((r) => r.label)).toEqual(['W', '1', '2', '3', '4', '5']);
    rows.forEach((row, i) => {
      const truth = set.reps[i]!.concentricMeanVelocity;
      expect(Math.abs(Number(row.concentric) / truth - 1), `row ${row.label}: ${row.concentric} m/s, truth ${truth.toFixed(3)}`).toBeLessThan(0.05);
    });
    await expect.poll(() => app.page.locator('.stream-note').innerText({ timeout: 1_000 }).catch(() => '')).toBe('1 sample rejected as a glitch no rope can make.');
    // Every notification has arrived and the frames that show them are drawn: no row comes later.
    await app.framesDrawn();
    expect(await app.tableRows()).toHaveLength(6);
  });
});
