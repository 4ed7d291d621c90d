/**
 * `npm run screenshots`: the Workout screen mid-set, in graph and table view, at phone (390×844)
 * and desktop (1280×900) size, written next to this file for the README. The production build
 * in Chromium, a set streamed by the emulated unit: five reps closed and the sixth at its turn
 * (its concentric shown, its return under way), a Minimum Threshold that some reps miss, and a
 * rep goal of 8.
 */
import { fileURLToPath } from 'node:url';
import { repPackets } from '../../tests/e2e/fixtures/reps';
import { describe, test } from '../../tests/e2e/fixtures/test';

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const HERE = fileURLToPath(new URL('.', import.meta.url));
const PER_PACKET = 5;

describe('screenshots of the Workout screen', () => {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`mid-set on a ${size} (${viewport.width}×${viewport.height})`, { timeout: 120_000 }, async ({ app, unit }) => {
      await app.page.setViewportSize(viewport);
      await app.open();
      await app.connectAndCalibrate('Bluetooth unit', 'keep-open');
      const plates = app.dialog('Inertia');
      await plates.getByRole('button', { name: /^Add/ }).nth(2).click();
      await plates.getByRole('button', { name: 'Save', exact: true }).click();
      await plates.waitFor({ state: 'hidden' });
      await app.setTarget({ type: 'Minimum Threshold', value: 0.72, goal: 8 });
      const set = repPackets({ reps: 7, seed: 2, inertia: 0.05, firmware: unit.firmware });
      const sixth = set.truth[5]!;
      const cut = set.timeUs.findIndex((t) => t > sixth.turnUs + 0.3 * (sixth.endUs - sixth.turnUs));
      await unit.streamPackets(app.page, set.packets.slice(0, Math.ceil(cut / PER_PACKET)));
      await app.graph(11);
      await app.page.screenshot({ path: `${HERE}workout-${size}-graph.png` });
      await app.showTable();
      await app.waitForRows(6);
      await app.page.screenshot({ path: `${HERE}workout-${size}-table.png` });
    });
  }
});
