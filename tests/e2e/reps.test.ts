/**
 * A set of reps streamed as 0x1604 packets reaches the table and the
 * graph; targets draw their band and dim the reps docs/behaviour.md §4 calls invalid; legacy firmware packets
 * give the same reps. Shown values are checked against the simulated athlete's true mean rope
 * speed, and validity is recomputed here from the shown values with docs/behaviour.md §4–§5's rules.
 */
import type { App, TableRow } from './fixtures/app';
import type { EmulatedUnit } from './fixtures/emulatedUnit';
import { repPackets, type RepsPackets } from './fixtures/reps';
import { describe, expect, test } from './fixtures/test';

/** Plotly's default colorway, docs/behaviour.md §9: concentric 0 / invalid 8, eccentric 1 / invalid 9; the warmup grey. */
const FILL = {
  concentric: 'rgb(31, 119, 180)',
  concentricInvalid: 'hatched rgb(188, 189, 34)',
  eccentric: 'rgb(255, 127, 14)',
  eccentricInvalid: 'hatched rgb(23, 190, 207)',
  warmup: 'rgb(226, 232, 240)',
};

const TWO_DECIMALS = /^\d+\.\d{2}$/;
const REPS = 6;
const SEED = 11;

async function connectAndDoReps(app: App, unit: EmulatedUnit): Promise<{ set: RepsPackets; rows: TableRow[] }> {
  await app.open();
  await app.connectAndCalibrate();
  await app.showTable();
  const set = repPackets({ reps: REPS, seed: SEED, inertia: 0.05, firmware: unit.firmware });
  await unit.streamPackets(app.page, set.packets);
  return { set, rows: await app.waitForClosedRows(REPS) };
}

/** Concentric values of the counted (non-warmup) rows, as shown. */
function counted(rows: TableRow[]): number[] {
  return rows.filter((r) => r.label !== 'W').map((r) => Number(r.concentric));
}

/** The distinct shown values, ascending. */
function distinct(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

/**
 * A boundary half-way between the distinct shown values `rank − 1` and `rank` (ascending). A
 * shown value rounds to two decimals, so it is above that boundary exactly when the rep is.
 */
function between(values: number[], rank: number): number {
  const sorted = distinct(values);
  if (rank < 1 || rank >= sorted.length) throw new Error(`No gap ${rank} among ${sorted.join(', ')}`);
  return (sorted[rank - 1]! + sorted[rank]!) / 2;
}

/** The middle of the widest gap between distinct shown values (at least 3 cents wide). */
function middleOfWidestGap(values: number[]): number {
  const sorted = distinct(values);
  let rank = 1;
  for (let i = 2; i < sorted.length; i += 1) {
    if (sorted[i]! - sorted[i - 1]! > sorted[rank]! - sorted[rank - 1]!) rank = i;
  }
  const gap = sorted[rank]! - sorted[rank - 1]!;
  if (!(gap >= 0.03)) throw new Error(`The shown values ${sorted.join(', ')} leave no gap of 3 cents: pick another seed`);
  return between(values, rank);
}

/** The set must put reps on both sides of a rule, or the test would prove nothing. */
function expectBothSides(rows: TableRow[]): void {
  const countedRows = rows.filter((r) => r.label !== 'W');
  expect(countedRows.some((r) => r.valid), 'some counted rep should be valid').toBe(true);
  expect(countedRows.some((r) => !r.valid), 'some counted rep should be invalid').toBe(true);
}

describe('a set streamed by a 6.2 unit', () => {
  test('shows one row and two bars per rep, the warmup as W, values to two decimals near the true speed', async ({ app, unit }) => {
    const { set, rows } = await connectAndDoReps(app, unit);
    expect(rows.map((r) => r.label)).toEqual(['W', '1', '2', '3', '4', '5']);
    rows.forEach((row, i) => {
      expect(row.concentric).toMatch(TWO_DECIMALS);
      expect(row.eccentric).toMatch(TWO_DECIMALS);
      expect(row.percentDrop).toBeUndefined();
      expect(row.valid, `row ${row.label}: warmup is never valid, with target None every other rep is`).toBe(i > 0);
      const truth = set.truth[i]!;
      expect(Number(row.concentric)).toBeGreaterThan(truth.concentricMeanVelocity * 0.85);
      expect(Number(row.concentric)).toBeLessThan(truth.concentricMeanVelocity * 1.15);
      expect(Number(row.eccentric)).toBeGreaterThan(truth.eccentricMeanVelocity * 0.85);
      expect(Number(row.eccentric)).toBeLessThan(truth.eccentricMeanVelocity * 1.15);
    });

    await app.showGraph();
    const graph = await app.graph(2 * REPS);
    expect(graph.xLabels).toEqual(['W', '1', '2', '3', '4', '5']);
    expect(graph.barsByFill).toEqual({
      [FILL.concentric]: REPS - 1,
      [FILL.eccentric]: REPS - 1,
      [FILL.warmup]: 2,
    });
    expect(graph.faded, 'every bar at full strength').toBe(0);
    expect(graph.shapes).toBe(0);
  });

  test('Minimum Threshold draws a band up from the target and dims the reps below it', async ({ app, unit }) => {
    const { rows } = await connectAndDoReps(app, unit);
    const threshold = Number(between(counted(rows), Math.floor(distinct(counted(rows)).length / 2)).toFixed(3));
    await app.setTarget({ type: 'Minimum Threshold', value: threshold });

    const judged = await app.tableRows();
    for (const row of judged) {
      const value = Number(row.concentric);
      expect(row.valid, `row ${row.label} (${value} vs ${threshold})`).toBe(row.label !== 'W' && value >= threshold);
      // How far the rep fell short of the target (docs/behaviour.md §2), from the shown value; it is off by at most half a cent of value.
      const expectedDrop = ((threshold - value) / threshold) * 100;
      const tolerance = (100 * 0.005) / threshold + 0.005;
      expect(row.percentDrop).toMatch(/^-?\d+\.\d{2}\u00a0%$/);
      expect(Math.abs(Number.parseFloat(row.percentDrop!) - expectedDrop), `row ${row.label} percent drop`).toBeLessThanOrEqual(tolerance);
    }
    expectBothSides(judged);

    await app.showGraph();
    const graph = await app.graph(2 * REPS);
    expect(graph.shapes).toBe(2);
    const band = graph.shapeBounds.find((s) => s.type === 'rect');
    expect(band?.y0).toBeCloseTo(threshold, 6);
    expect(band!.y1).toBeGreaterThan(Math.max(...counted(rows)));
    expect(graph.barsByFill[FILL.concentricInvalid]).toBe(judged.filter((r) => r.label !== 'W' && !r.valid).length);
    expect(graph.barsByFill[FILL.warmup]).toBe(2);
  });

  test('Zone keeps the reps between the drop and the target valid and dims the others', async ({ app, unit }) => {
    const { rows } = await connectAndDoReps(app, unit);
    const values = counted(rows);
    const top = distinct(values).length - 1;
    // The zone leaves out the best and the worst shown values.
    const target = Number(between(values, top).toFixed(3));
    const lower = Number(between(values, 1).toFixed(3));
    const dropUnits = Number((target - lower).toFixed(3));
    await app.setTarget({ type: 'Zone', value: target, dropPercent: false, drop: dropUnits });

    const judged = await app.tableRows();
    for (const row of judged) {
      const value = Number(row.concentric);
      const inZone = value <= target && value >= target - dropUnits;
      expect(row.valid, `row ${row.label} (${value} in [${target - dropUnits}, ${target}])`).toBe(row.label !== 'W' && inZone);
    }
    expectBothSides(judged);

    await app.showGraph();
    const graph = await app.graph(2 * REPS);
    expect(graph.shapes).toBe(3);
    const band = graph.shapeBounds.find((s) => s.type === 'rect')!;
    expect(band.y0).toBeCloseTo(target - dropUnits, 6);
    expect(band.y1).toBeCloseTo(target, 6);
  });

  test('Fatigue Loss builds its zone down from the best rep by the drop percent', async ({ app, unit }) => {
    const { rows } = await connectAndDoReps(app, unit);
    const values = counted(rows);
    const best = Math.max(...values);
    // The zone hangs from the best rep's exact value, which the table shows rounded; a bound in
    // the middle of the widest gap between shown values keeps the rounding out of the verdicts.
    const floor = middleOfWidestGap(values);
    const dropPercent = Number((((best - floor) / best) * 100).toFixed(2));
    await app.setTarget({ type: 'Fatigue Loss', dropPercent: true, drop: dropPercent });

    const judged = await app.tableRows();
    const bound = best * (1 - dropPercent / 100);
    for (const row of judged) {
      const value = Number(row.concentric);
      expect(row.valid, `row ${row.label} (${value} in [${bound}, ${best}])`).toBe(row.label !== 'W' && value >= bound && value <= best);
    }
    expectBothSides(judged);

    await app.showGraph();
    const graph = await app.graph(2 * REPS);
    expect(graph.shapes).toBe(3);
    const band = graph.shapeBounds.find((s) => s.type === 'rect')!;
    expect(Math.abs(band.y1 - best)).toBeLessThanOrEqual(0.005);
    expect(band.y0).toBeCloseTo(band.y1 * (1 - dropPercent / 100), 9);
  });
});

describe('a set streamed by a legacy unit (firmware below 6.2)', () => {
  test('gives the same reps from one-sample packets as a 6.2 unit from records', async ({ app, unit }) => {
    await app.open();
    await app.connectAndCalibrate();
    await app.showTable();
    const records = repPackets({ reps: 5, seed: SEED, inertia: 0.05, firmware: unit.firmware });
    await unit.streamPackets(app.page, records.packets);
    const fromRecords = await app.waitForClosedRows(5);

    await app.disconnectButton().click();
    await app.connectButton().waitFor();
    await app.reset();
    await app.waitForRows(0);
    unit.firmware = { major: 6, minor: 1, patch: 0 };
    await app.connectAndCalibrate();
    const legacy = repPackets({ reps: 5, seed: SEED, inertia: 0.05, firmware: unit.firmware, startUs: records.endUs + 1_000_000 });
    expect(legacy.packets.every((p) => p.byteLength === 10)).toBe(true);
    expect(legacy.packets).toHaveLength(legacy.timeUs.length);
    await unit.streamPackets(app.page, legacy.packets);
    const fromLegacy = await app.waitForClosedRows(5);

    expect(fromLegacy.map((r) => [r.label, r.valid])).toEqual(fromRecords.map((r) => [r.label, r.valid]));
    fromLegacy.forEach((row, i) => {
      expect(Math.abs(Number(row.concentric) - Number(fromRecords[i]!.concentric))).toBeLessThanOrEqual(0.01);
      expect(Math.abs(Number(row.eccentric) - Number(fromRecords[i]!.eccentric))).toBeLessThanOrEqual(0.01);
    });
  });
});
