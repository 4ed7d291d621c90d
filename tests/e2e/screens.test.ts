/**
 * The Workout screen as people see it, on a phone (390×844) and a desktop (1280×800): screenshots
 * with a set on screen go to test-results/e2e/ for review, the layout must not overflow
 * sideways, and axe-core must find no serious or critical accessibility violation. The screens
 * beyond the Workout (History, Profile, the profile test, the Team page, Settings → Data) are held
 * to the same on a phone.
 */
import { seriousViolations } from './fixtures/axe';
import { VIEWPORTS } from './fixtures/browser';
import { repPackets } from './fixtures/reps';
import { describe, expect, test } from './fixtures/test';

describe('the Workout screen', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`on a ${size} (${viewport.width}×${viewport.height}) shows a set without sideways overflow and passes axe`, async ({ app, unit }) => {
      await app.page.setViewportSize(viewport);
      await app.open();
      await app.connectAndCalibrate();
      await app.setTarget({ type: 'Minimum Threshold', value: 0.72 });
      await unit.streamPackets(app.page, repPackets({ reps: 6, seed: 2, inertia: 0.05, firmware: unit.firmware }).packets);
      await app.graph(12);
      await app.screenshot(`workout-${size}-graph.png`);
      await app.showTable();
      await app.waitForRows(6);
      await app.screenshot(`workout-${size}-table.png`);

      const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'page wider than the viewport').toBeLessThanOrEqual(0);
      await app.bluetoothButton().waitFor();
      expect(await seriousViolations(app.page)).toEqual([]);
    });
  }
});

describe('the screens beyond the Workout, on a phone', () => {
  for (const [path, heading] of [
    ['/history', 'History'],
    ['/profile', 'Profile'],
    ['/profile/test', 'Profile test'],
    ['/team', 'Team'],
    ['/settings/data', 'Settings'],
  ] as const) {
    test(`${heading} (${path}) fits the width and passes axe`, async ({ app }) => {
      await app.page.setViewportSize(VIEWPORTS.phone);
      await app.open();
      await app.page.goto(new URL(path, app.page.url()).href);
      await app.page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      // Settings → Data lists the athletes once the journal is open.
      if (path === '/settings/data') await app.page.getByRole('combobox', { name: 'Athlete' }).waitFor();
      // The Team page lists the athletes once the team has read them.
      if (path === '/team') await app.page.getByRole('link', { name: 'Athlete 1: open their history' }).waitFor();
      const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'page wider than the viewport').toBeLessThanOrEqual(0);
      expect(await seriousViolations(app.page)).toEqual([]);
    });
  }
});
