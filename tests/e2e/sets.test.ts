/**
 * Two sets at two plate settings over emulated Bluetooth: the athlete does a set at 0.025 kg·m²,
 * puts the 0.05 plate on as well and does a set at 0.075 a few seconds later (no long rest: the
 * plate change alone makes it a set). The Workout screen lists two sets with their plates; the
 * export's set block says the same; and once the session ends, the Profile has a point for each
 * set at its own inertia (two points: a sentence instead of a fit).
 */
import { readFile } from 'node:fs/promises';
import { repPackets } from './fixtures/reps';
import { describe, expect, test } from './fixtures/test';

/** The rows of the CSV block whose header starts with `first`. */
function block(csv: string, first: string): string[][] {
  const blocks = csv.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n').trimEnd().split(/\n\n/);
  const found = blocks.find((b) => b.startsWith(first));
  if (found === undefined) throw new Error(`the export has no block starting ${first}`);
  return found.split('\n').map((line) => line.split(','));
}

describe('sets at two plate settings', () => {
  test('make two sets on screen, in the export and in the profile, each at its own inertia', async ({ app, unit }) => {
    await app.open();
    const inertia = await app.openInertiaDialog();
    await inertia.getByRole('button', { name: 'Add one Flywheel 0.025', exact: true }).click();
    await app.saveDialog('Inertia');
    await app.connectAndCalibrate();
    await app.showTable();
    const light = repPackets({ reps: 5, seed: 21, inertia: 0.025, firmware: unit.firmware });
    await unit.streamPackets(app.page, light.packets);
    await app.waitForRows(5);

    const more = await app.openInertiaDialog();
    await more.getByRole('button', { name: 'Add one Flywheel 0.05', exact: true }).click();
    await app.saveDialog('Inertia');
    const heavy = repPackets({ reps: 5, seed: 22, inertia: 0.075, firmware: unit.firmware, startUs: light.endUs + 5e6, startAngleDeg: light.endAngleDeg });
    await unit.streamPackets(app.page, heavy.packets);
    await expect.poll(async () => app.page.getByRole('region', { name: 'Sets' }).getByRole('listitem').allInnerTexts()).toHaveLength(2);
    const listed = await app.page.getByRole('region', { name: 'Sets' }).getByRole('listitem').allInnerTexts();
    expect(listed[0]).toMatch(/^Set 1: 0\.025\s*kg·m², boost Off · 4 reps · best (\d\.\d\d)\s*m\/s · mean (\d\.\d\d)\s*m\/s/);
    expect(listed[1]).toMatch(/^Set 2 \(current\): 0\.075\s*kg·m², boost Off · 4 reps · best (\d\.\d\d)\s*m\/s · mean (\d\.\d\d)\s*m\/s/);
    // The table is the set in progress: the heavy set, numbered from its own warmup.
    expect((await app.waitForRows(5)).map((r) => r.label)).toEqual(['W', '1', '2', '3', '4']);

    const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.getByRole('button', { name: 'Export CSV', exact: true }).click()]);
    const sets = block(await readFile(await download.path(), 'utf8'), 'Set,');
    expect(sets.slice(1).map((row) => row.slice(0, 5))).toEqual([
      ['1', '0.025', '0', '5', '4'],
      ['2', '0.075', '0', '5', '4'],
    ]);
    // Best and mean as the list shows them, to its two decimals.
    sets.slice(1).forEach((row, i) => {
      const [, best, mean] = /best (\d\.\d\d)\s*m\/s · mean (\d\.\d\d)/.exec(listed[i]!)!;
      expect([Number(row[5]).toFixed(2), Number(row[6]).toFixed(2)]).toEqual([best, mean]);
    });

    await app.disconnectButton().click();
    await app.connectButton().waitFor();
    await app.navigate('Profile');
    const cards = app.page.getByRole('list', { name: /^Sets/ }).getByRole('listitem');
    await cards.first().waitFor();
    const points = await cards.evaluateAll((items) => items.map((item) => Array.from(item.querySelectorAll('dd'), (d) => d.textContent)));
    expect(points.map((p) => [p[0], p[1]]).sort()).toEqual([['0.025 kg·m²', '4'], ['0.075 kg·m²', '4']]);
    await app.page.getByText(/Two sets fit any line exactly/).waitFor();
  });
});
