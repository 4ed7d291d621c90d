/**
 * The screens fit the phone in the hand and use the desktop's width, measured in Chromium at
 * 320, 390, 820 and 1280 px (fixtures/layout.ts): no sideways scroll, every control inside the
 * viewport. The Workout screen with a set on it in every metric (the big live number holds any
 * value at any width); on a wide screen the big number and the chart sit side by side, so the
 * chart is on screen without scrolling.
 */
import type { Page } from 'playwright-core';
import { METRICS } from '../../src/engine/types';
import { seriousViolations } from './fixtures/axe';
import type { App } from './fixtures/app';
import type { EmulatedUnit } from './fixtures/emulatedUnit';
import { layoutProblems, WIDTHS } from './fixtures/layout';
import { repPackets } from './fixtures/reps';
import { finishSession } from './fixtures/sessions';
import { describe, expect, test } from './fixtures/test';

/** Opens the app and puts the 0.05 plate on. */
async function openWithPlate(app: App): Promise<void> {
  await app.open();
  const plates = await app.openInertiaDialog();
  await plates.getByRole('button', { name: 'Add one Flywheel 0.05', exact: true }).click();
  await app.saveDialog('Inertia');
}

/** Connects with the 0.05 plate on and streams a set of six reps. */
async function setOnScreen(app: App, unit: EmulatedUnit): Promise<void> {
  await openWithPlate(app);
  await app.connectAndCalibrate();
  await unit.streamPackets(app.page, repPackets({ reps: 6, seed: 2, inertia: 0.05, firmware: unit.firmware }).packets);
  await app.page.getByTestId('live-number').waitFor();
}

describe('the Workout screen with a set', () => {
  for (const viewport of WIDTHS) {
    test(`at ${viewport.width} px fits every metric's big number and every control`, async ({ app, unit }) => {
      await app.page.setViewportSize(viewport);
      await setOnScreen(app, unit);
      await app.graph(12);
      for (const metric of METRICS) {
        await app.page.getByLabel('Mean', { exact: true }).selectOption(metric);
        for (const phase of ['concentric', 'eccentric']) {
          const problems = await layoutProblems(app.page, { texts: ['.live-number__value', '.live-number__label'] });
          expect(problems, `${metric}, ${phase}: ${await app.page.getByTestId('live-number').innerText()}`).toEqual([]);
          await app.page.getByRole('button', { name: 'Swap phase' }).click();
        }
      }
    });
  }

  test('on a wide screen shows the big number beside the chart, the chart whole above the fold', async ({ app, unit }) => {
    await app.page.setViewportSize({ width: 1280, height: 900 });
    await setOnScreen(app, unit);
    await app.graph(12);
    const number = await app.page.locator('.live-number').boundingBox();
    const chart = await app.page.locator('.js-plotly-plot').boundingBox();
    expect(number).not.toBeNull();
    expect(chart).not.toBeNull();
    expect(chart!.y + chart!.height, 'the chart ends below the fold').toBeLessThanOrEqual(900);
    expect(chart!.x, 'the chart sits right of the big number').toBeGreaterThanOrEqual(number!.x + number!.width);
  });
});

describe('History, a session opened from it, and the Profile, with a finished three-set session', () => {
  for (const viewport of WIDTHS) {
    test(`at ${viewport.width} px show every control without sideways scrolling, and pass axe`, async ({ app, unit }) => {
      await app.page.setViewportSize(viewport);
      await openWithPlate(app);
      await finishSession(app, unit, [{ reps: 4, inertia: 0.05 }, { reps: 4, inertia: 0.05 }, { reps: 4, inertia: 0.05 }]);
      await app.navigate('History');
      await app.page.getByRole('button', { name: /^Delete the session of / }).waitFor();
      await app.page.getByRole('region', { name: 'Progress' }).getByText(/^\d\.\d\d$/).first().waitFor();
      expect(await layoutProblems(app.page, { texts: ['.table-wrap'] }), 'History').toEqual([]);
      expect(await seriousViolations(app.page), 'History').toEqual([]);
      await app.page.getByRole('link', { name: /^Open the session of / }).click();
      await expect.poll(() => app.page.getByRole('region', { name: /, set \d$/ }).count()).toBe(3);
      await expect.poll(() => app.page.locator('.js-plotly-plot').count()).toBe(3);
      expect(await layoutProblems(app.page), 'the session, graphs').toEqual([]);
      await app.viewToggle('Table').click();
      await expect.poll(() => app.page.getByRole('table').count()).toBe(3);
      expect(await layoutProblems(app.page, { texts: ['.table-wrap'] }), 'the session, tables').toEqual([]);
      expect(await seriousViolations(app.page), 'the session').toEqual([]);
      await app.navigate('Profile');
      await app.page.getByRole('checkbox', { name: /^Use / }).first().waitFor();
      expect(await layoutProblems(app.page), 'Profile').toEqual([]);
      expect(await seriousViolations(app.page), 'Profile').toEqual([]);
    });
  }
});

/**
 * Records where the next dialog's title and the messages are as the page lays them out the moment
 * the dialog is put in it: in the mutation observer's callback, which runs right after the render
 * that added it, before the browser draws a frame. A layout that is right only after a later
 * callback (a resize observer's, an effect's) is drawn wrong for a frame, and any measurement
 * taken meanwhile, by a test on a loaded machine or by the user's eye, finds the title covered.
 */
async function watchFirstLayout(page: Page): Promise<void> {
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      const title = document.querySelector('.dialog__title');
      const alerts = document.querySelector('.alerts');
      if (title === null || alerts === null) return;
      observer.disconnect();
      const titleTop = title.getBoundingClientRect().top;
      const alertsBottom = alerts.getBoundingClientRect().bottom;
      (window as unknown as { firstLayout: unknown }).firstLayout = { titleTop, alertsBottom, below: titleTop >= alertsBottom - 0.5 };
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

async function firstLayout(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { firstLayout?: unknown }).firstLayout ?? null);
}

describe('a dialog with a message on screen', () => {
  for (const viewport of WIDTHS) {
    test(`at ${viewport.width} px keeps the Target dialog's title, Save and Cancel in view, none under the message`, async ({ app }) => {
      // Settings a newer version wrote: the app says it reset them, an error that stays until dismissed.
      await app.page.addInitScript(() => localStorage.setItem('repline.settings.v1', JSON.stringify({ metric: 'speed' })));
      app.problems.allowConsoleError(/Saved settings were reset to defaults/);
      await app.page.setViewportSize(viewport);
      await app.open();
      await app.waitForAlert(/Saved settings were reset to defaults/);
      await watchFirstLayout(app.page);
      await app.page.getByRole('button', { name: /^Target:/ }).click();
      const dialog = app.dialog('Target');
      await dialog.getByLabel('Target type').selectOption({ label: 'Zone' });
      // As the page laid it out the moment the dialog was put in it (before any frame), not only later.
      expect(await firstLayout(app.page)).toEqual({ titleTop: expect.any(Number), alertsBottom: expect.any(Number), below: true });
      expect(await layoutProblems(app.page, { scope: '.dialog__actions', vertical: true, texts: ['.dialog__title'] })).toEqual([]);
      expect(await layoutProblems(app.page, { scope: '.dialog' })).toEqual([]);
      expect(await layoutProblems(app.page, { scope: '.alerts', vertical: true })).toEqual([]);
    });
  }
});

describe('the phone’s menu with a message on screen', () => {
  for (const viewport of WIDTHS.filter((w) => w.width < 900)) {
    test(`at ${viewport.width} px keeps every link of the menu uncovered (issue 31, point 11)`, async ({ app }) => {
      await app.page.addInitScript(() => localStorage.setItem('repline.settings.v1', JSON.stringify({ metric: 'speed' })));
      app.problems.allowConsoleError(/Saved settings were reset to defaults/);
      await app.page.setViewportSize(viewport);
      await app.open();
      await app.waitForAlert(/Saved settings were reset to defaults/);
      await app.page.getByRole('button', { name: 'Open menu', exact: true }).click();
      await app.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).waitFor();
      expect(await layoutProblems(app.page, { scope: '.nav', vertical: true })).toEqual([]);
    });
  }
});

describe('the Settings pages', () => {
  for (const viewport of WIDTHS) {
    test(`at ${viewport.width} px have sub-tabs and switches a finger can hit (44 px), and fit (issue 31, point 10)`, async ({ app }) => {
      await app.page.setViewportSize(viewport);
      await app.open();
      await app.page.goto(new URL('/settings', app.page.url()).href);
      await app.page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Data', exact: true }).waitFor();
      expect(await layoutProblems(app.page, { scope: '.screen' }), 'General').toEqual([]);
      const tabs = await app.page.getByRole('navigation', { name: 'Settings' }).getByRole('link').evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
      expect(Math.min(...tabs)).toBeGreaterThanOrEqual(44);
      const switches = await app.page.getByRole('switch').evaluateAll((all) => all.map((s) => s.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
      expect(switches.length).toBeGreaterThan(0);
      expect(Math.min(...switches)).toBeGreaterThanOrEqual(44);
    });
  }
});
