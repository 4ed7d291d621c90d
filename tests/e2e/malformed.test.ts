/**
 * Issue 6, scenario 7: malformed 0x1604 packets — a wrong length, a NaN or infinite angle, a
 * time going backwards — are skipped (SPEC §8: logged and skipped), and the set's reps are the
 * same as without them. The bad packets are built here byte by byte, not with the app's encoder.
 */
import { repPackets } from './fixtures/reps';
import { describe, expect, test } from './fixtures/test';

/** One 6.2 record: float32 angle (°) then uint32 time (µs), little-endian (SPEC §7). */
function record(angleDeg: number, timeUs: number): Uint8Array {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat32(0, angleDeg, true);
  view.setUint32(4, timeUs, true);
  return new Uint8Array(view.buffer);
}

/** Bad packets that fit between samples at `timeUs` (the last good sample sent) and the next. */
function badPackets(lastAngleDeg: number, timeUs: number): Uint8Array[] {
  return [
    Uint8Array.of(1, 2, 3, 4, 5, 6, 7), // 7 bytes: neither 8-byte records nor a 10-byte legacy sample
    new Uint8Array(12), // one and a half records
    new Uint8Array(0), // empty
    record(Number.NaN, timeUs + 1),
    record(Number.POSITIVE_INFINITY, timeUs + 2),
    record(lastAngleDeg + 40, timeUs - 200_000), // 0.2 s in the past
    record(lastAngleDeg, timeUs), // the same time again
  ];
}

describe('malformed packets', () => {
  test('are skipped and leave the reps of the set unchanged', async ({ app, unit }) => {
    await app.open();
    await app.connectAndCalibrate();
    await app.showTable();
    const clean = repPackets({ reps: 5, seed: 21, inertia: 0.05, firmware: unit.firmware });
    await unit.streamPackets(app.page, clean.packets);
    const expected = await app.waitForRows(4);

    await app.page.getByRole('button', { name: 'Reset', exact: true }).click();
    await app.waitForRows(0);

    // The same set again, 60 s later (a whole number of 5 ms resampling steps), with bad packets
    // slipped in at five places spread over the reps.
    const again = repPackets({ reps: 5, seed: 21, inertia: 0.05, firmware: unit.firmware, startUs: clean.endUs + 60_000_000 });
    const dirty: Uint8Array[] = [];
    const every = Math.floor(again.packets.length / 6);
    let sent = 0;
    again.packets.forEach((packet, i) => {
      dirty.push(packet);
      sent += packet.byteLength / 8;
      if (i > 0 && i % every === 0) dirty.push(...badPackets(again.angleDeg[sent - 1]!, again.timeUs[sent - 1]!));
    });
    const badCount = dirty.length - again.packets.length;
    expect(badCount).toBeGreaterThanOrEqual(35);
    await unit.streamPackets(app.page, dirty);

    const rows = await app.waitForRows(4);
    expect(rows.map((r) => [r.label, r.valid])).toEqual(expected.map((r) => [r.label, r.valid]));
    rows.forEach((row, i) => {
      expect(Math.abs(Number(row.concentric) - Number(expected[i]!.concentric)), `rep ${row.label} concentric`).toBeLessThanOrEqual(0.01);
      expect(Math.abs(Number(row.eccentric) - Number(expected[i]!.eccentric)), `rep ${row.label} eccentric`).toBeLessThanOrEqual(0.01);
    });

    // The unit layer itself skipped them, with a warning each: only the good samples went on.
    await app.navigate('Settings');
    await app.page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Sensor test' }).click();
    const facts = app.page.getByRole('region', { name: 'Live sample stream' });
    const fact = (term: string) => facts.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').innerText();
    expect(Number(await fact('Samples received'))).toBe(again.timeUs.length);
    expect(Number(await fact('Skipped by the engine'))).toBe(0);
    expect(Number(await fact('Skip warnings from the unit'))).toBe(badCount);
  });
});
