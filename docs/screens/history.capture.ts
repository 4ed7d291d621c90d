/**
 * `npm run screenshots`: the History with a session of three sets opened from it, the Profile
 * those sets make, and the Target dialog, at phone (390×844) and desktop (1280×900) size, written
 * next to this file for the README. The production build in Chromium, the sets streamed by the
 * emulated unit: four reps each at 0.025, 0.05 and 0.1 kg·m², the plates put on in the app before
 * each set and 25 s of rest after it.
 */
import { fileURLToPath } from 'node:url';
import { finishSession } from '../../tests/e2e/fixtures/sessions';
import { describe, test } from '../../tests/e2e/fixtures/test';

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const HERE = fileURLToPath(new URL('.', import.meta.url));

describe('screenshots of History, a session, the Profile and the Target dialog', () => {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`on a ${size} (${viewport.width}×${viewport.height})`, { timeout: 180_000 }, async ({ app, unit }) => {
      await app.page.setViewportSize(viewport);
      await app.open();
      await finishSession(app, unit, [
        { reps: 4, inertia: 0.025, plates: true },
        { reps: 4, inertia: 0.05, plates: true },
        { reps: 4, inertia: 0.1, plates: true },
      ]);
      const shot = async (name: string) => {
        // At rest: no menu sliding away, no chart still drawing.
        await app.page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
        await app.page.screenshot({ path: `${HERE}${name}-${size}.png` });
      };

      await app.navigate('History');
      await app.page.getByRole('region', { name: 'Progress' }).getByText(/^\d\.\d\d$/).first().waitFor();
      await shot('history');
      await app.page.getByRole('link', { name: /^Open the session of / }).click();
      await app.page.locator('.js-plotly-plot').nth(2).locator('.barlayer .point path').first().waitFor();
      await shot('history-session-graph');
      await app.viewToggle('Table').click();
      await app.page.getByRole('table').nth(2).waitFor();
      await shot('history-session-table');

      await app.navigate('Profile');
      await app.page.getByText('Maximum flywheel load').waitFor();
      await app.page.locator('.js-plotly-plot').nth(1).waitFor();
      await shot('profile');

      await app.navigate('Workout');
      await app.page.getByRole('button', { name: /^Target:/ }).click();
      const dialog = app.dialog('Target');
      await dialog.getByLabel('Target type').selectOption({ label: 'Zone' });
      await dialog.getByLabel('Target value').fill('0.8');
      await dialog.getByLabel('Drop', { exact: true }).fill('12.5');
      await dialog.getByLabel('Rep goal').selectOption('6');
      await shot('target');
    });
  }
});
