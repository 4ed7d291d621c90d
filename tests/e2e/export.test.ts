/**
 * Export CSV after a set. Headless Chromium on Linux has no Web Share, so
 * the file arrives as a download; it must hold docs/behaviour.md §3's four blocks (then the sets, the power figures and who trained) — header lines, one row per
 * rep shown, the plate counts, and every raw sample the unit sent.
 */
import { readFile } from 'node:fs/promises';
import { repPackets } from './fixtures/reps';
import { describe, expect, test } from './fixtures/test';

/** Splits the file into its blank-line separated blocks of rows (a leading BOM is allowed: Excel wants it). */
function blocksOf(csv: string): string[][][] {
  return csv
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .trimEnd()
    .split(/\n\n/)
    .map((block) => block.split('\n').map((line) => line.split(',')));
}

describe('exporting the session', () => {
  test('downloads a CSV with the header, the reps shown, the plates and every raw sample', async ({ app, unit }) => {
    await app.open();
    const inertia = await app.openInertiaDialog();
    await inertia.getByRole('button', { name: 'Add one Flywheel 0.05', exact: true }).click();
    await app.saveDialog('Inertia');
    await app.connectAndCalibrate();
    await app.showTable();
    const set = repPackets({ reps: 5, seed: 8, inertia: 0.05, firmware: unit.firmware });
    await unit.streamPackets(app.page, set.packets);
    const rows = await app.waitForClosedRows(5);

    const before = Date.now();
    const [download] = await Promise.all([
      app.page.waitForEvent('download'),
      app.page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Repline-\d{4}-\d\d-\d\d-\d{4}-athlete-1-unspecified\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    await app.waitForStatus(/Metrics shared/);

    const blocks = blocksOf(csv);
    expect(blocks).toHaveLength(7);
    const [header, reps, plates, raw, sets, power, athletes] = blocks as [string[][], string[][], string[][], string[][], string[][], string[][], string[][]];

    // Who trained: the first athlete (85 kg), the Unspecified exercise (the whole body mass), one set.
    expect(athletes[0]!.slice(2, 6)).toEqual(['Athlete', 'Body Mass (kg)', 'Exercise', 'Mass Share']);
    expect(athletes.slice(1).map((row) => row.slice(2, 8))).toEqual([['Athlete 1', '85', 'Unspecified', '1', '0.05', '0']]);

    // The set block matches the screen: one set, its warmup left out, best and mean of the shown velocities.
    const shown = rows.filter((r) => r.label !== 'W').map((r) => Number(r.concentric));
    expect(sets[0]!.slice(0, 7)).toEqual(['Set', 'Inertia (kg·m²)', 'Boost (%)', 'Reps', 'Counted', 'Best Con Velocity (m/s)', 'Mean Con Velocity (m/s)']);
    expect(sets).toHaveLength(2);
    const [, setInertia, boost, setReps, counted, best, mean] = sets[1]!;
    expect([setInertia, boost, setReps, counted]).toEqual(['0.05', '0', '5', '4']);
    // Four significant digits in the file, two decimals on screen: within the screen's rounding.
    expect(Math.abs(Number(best) - Math.max(...shown))).toBeLessThanOrEqual(0.0051);
    expect(Math.abs(Number(mean) - shown.reduce((a, b) => a + b, 0) / shown.length)).toBeLessThanOrEqual(0.005);
    expect(power.map((r) => r[0])).toEqual(['Rep', ...rows.map((r) => r.label)]);

    const headerMap = new Map(header.map(([label, ...value]) => [label, value.join(',')]));
    const date = Date.parse(headerMap.get('Date') ?? '');
    expect(date).toBeGreaterThan(before - 10 * 60_000);
    expect(date).toBeLessThanOrEqual(Date.now());
    expect(headerMap.get('Firmware')).toBe('v6.2.0');
    expect([...headerMap.keys()].find((k) => k.startsWith('Mass'))).toBeDefined();
    expect(headerMap.get([...headerMap.keys()].find((k) => k.startsWith('Mass'))!)).toBe('85');
    expect(Number(headerMap.get([...headerMap.keys()].find((k) => k.startsWith('Inertia'))!))).toBe(0.05);

    const [repHeader, ...repRows] = reps;
    expect(repHeader![0]).toBe('Rep');
    const conVelocity = repHeader!.findIndex((h) => /^Con Velocity/.test(h));
    const eccVelocity = repHeader!.findIndex((h) => /^Ecc Velocity/.test(h));
    expect(conVelocity).toBeGreaterThan(0);
    expect(eccVelocity).toBeGreaterThan(0);
    expect(repHeader!.some((h) => /^Con .*Force/.test(h))).toBe(true);
    expect(repHeader!.some((h) => /Delta Time/.test(h))).toBe(true);
    expect(repRows.map((r) => r[0])).toEqual(rows.map((r) => r.label));
    repRows.forEach((r, i) => {
      expect(Math.abs(Number(r[conVelocity]) - Number(rows[i]!.concentric)), `rep ${r[0]} concentric`).toBeLessThanOrEqual(0.0051);
      expect(Math.abs(Number(r[eccVelocity]) - Number(rows[i]!.eccentric)), `rep ${r[0]} eccentric`).toBeLessThanOrEqual(0.0051);
      expect(r.slice(1).every((cell) => cell.replace(/^-?0*\.?0*/, '').replace('.', '').replace(/0+$/, '').length <= 4), `rep ${r[0]}: ${r.join(',')}`).toBe(true);
    });

    expect(plates[0]![0]).toMatch(/^Plate/);
    expect(plates[0]![1]).toBe('Count');
    const plateCounts = new Map(plates.slice(1).map(([plate, count]) => [Number(plate), Number(count)]));
    expect(plateCounts.get(0.05)).toBe(1);
    expect([...plateCounts.values()].reduce((a, b) => a + b, 0)).toBe(1);

    expect(raw[0]).toEqual(['Time (µs)', 'Angle (°)']);
    const samples = raw.slice(1);
    expect(samples).toHaveLength(set.timeUs.length);
    samples.forEach(([time, angle], i) => {
      expect(Number(time)).toBe(set.timeUs[i]);
      expect(Math.abs(Number(angle) - Math.fround(set.angleDeg[i]!))).toBeLessThan(1e-3);
    });
  });
});
