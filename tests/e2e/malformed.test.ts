/**
 * Malformed 0x1604 packets — a wrong length, a NaN or infinite angle, a
 * time going backwards — are skipped (docs/behaviour.md §8: logged and skipped), and the set's reps are the
 * same as without them, in both firmware formats. The bad packets are built here byte by byte,
 * not with the app's encoder.
 */
import type { Firmware } from './fixtures/emulatedUnit';
import { repPackets, sendsRecords } from './fixtures/reps';
import { describe, expect, test } from './fixtures/test';

/** One 6.2 record: float32 angle (°) then uint32 time (µs), little-endian (docs/behaviour.md §7). */
function record(angleDeg: number, timeUs: number): Uint8Array {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat32(0, angleDeg, true);
  view.setUint32(4, timeUs, true);
  return new Uint8Array(view.buffer);
}

/** One legacy sample: float32 angle (°) at 0, float32 time in ms (s × 1000) at 6 (docs/behaviour.md §7). */
function legacySample(angleDeg: number, timeUs: number): Uint8Array {
  const view = new DataView(new ArrayBuffer(10));
  view.setFloat32(0, angleDeg, true);
  view.setFloat32(6, timeUs / 1000, true);
  return new Uint8Array(view.buffer);
}

/** Bad packets that fit between the last good sample sent (at `timeUs`) and the next. */
function badPackets(firmware: Firmware, lastAngleDeg: number, timeUs: number): Uint8Array[] {
  const sample = sendsRecords(firmware) ? record : legacySample;
  return [
    Uint8Array.of(1, 2, 3, 4, 5, 6, 7), // 7 bytes: neither 8-byte records nor a 10-byte legacy sample
    sendsRecords(firmware) ? new Uint8Array(12) : new Uint8Array(8), // one and a half records; a record to a legacy unit
    new Uint8Array(0), // empty
    sample(Number.NaN, timeUs + 1000),
    sample(Number.POSITIVE_INFINITY, timeUs + 2000),
    sample(lastAngleDeg + 40, timeUs - 200_000), // 0.2 s in the past
    sample(lastAngleDeg, timeUs), // the same time again
  ];
}

const FIRMWARES: [string, Firmware][] = [
  ['6.2.0 (records)', { major: 6, minor: 2, patch: 0 }],
  ['6.1.0 (legacy)', { major: 6, minor: 1, patch: 0 }],
];

describe.each(FIRMWARES)('malformed packets from a %s unit', (_label, firmware) => {
  test.override('unitOptions', { firmware });

  test('are skipped and leave the reps of the set unchanged', async ({ app, unit }) => {
    await app.open();
    await app.connectAndCalibrate();
    await app.showTable();
    const clean = repPackets({ reps: 5, seed: 21, inertia: 0.05, firmware: unit.firmware });
    await unit.streamPackets(app.page, clean.packets);
    const expected = await app.waitForClosedRows(5);

    await app.reset();
    await app.waitForRows(0);

    // The same set again, 1 s later on the unit's clock (a whole number of 5 ms resampling steps,
    // and no longer than a step the sample stream takes for time passing: a longer silence would
    // be a clock break with its own warning), with bad packets slipped in at five places.
    const again = repPackets({ reps: 5, seed: 21, inertia: 0.05, firmware: unit.firmware, startUs: clean.endUs + 1_000_000 });
    const dirty: Uint8Array[] = [];
    const every = Math.floor(again.packets.length / 6);
    let sent = 0;
    again.packets.forEach((packet, i) => {
      dirty.push(packet);
      sent += sendsRecords(firmware) ? packet.byteLength / 8 : 1;
      if (i > 0 && i % every === 0) dirty.push(...badPackets(firmware, again.angleDeg[sent - 1]!, again.timeUs[sent - 1]!));
    });
    const badCount = dirty.length - again.packets.length;
    expect(badCount).toBeGreaterThanOrEqual(35);
    await unit.streamPackets(app.page, dirty);

    const rows = await app.waitForClosedRows(5);
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
