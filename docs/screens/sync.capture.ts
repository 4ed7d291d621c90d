/**
 * `npm run screenshots`: Settings → Sync, written next to this file for the README. A team server
 * started as `npm run server` starts it (its bundle, on PGlite in a folder of its own); a coach's
 * device joins with the code the server printed and adds Ana and Ben; Ana's phone joins with the
 * code the coach's device made for her. Pictures: the join form on the phone (the address
 * checked), the phone once joined, and the coach's device at desktop and phone size: its status,
 * then the team's devices with a code for an athlete's phone.
 */
import { fileURLToPath } from 'node:url';
import type { App } from '../../tests/e2e/fixtures/app';
import { buildServerBundle, joinTeam, openDevice, openSync, PHONE, startTeamServer } from '../../tests/e2e/fixtures/sync';
import { addAthlete } from '../../tests/e2e/fixtures/team';
import { describe, test } from '../../tests/e2e/fixtures/test';
import { inject } from 'vitest';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const DESKTOP = { width: 1280, height: 900 } as const;

async function shot(app: App, name: string): Promise<void> {
  await app.page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await app.page.screenshot({ path: `${HERE}${name}.png` });
}

describe('screenshots of Settings → Sync', () => {
  test('a coach’s device and an athlete’s phone in one team', { timeout: 240_000 }, async ({ browserWithoutBluetooth: browser }) => {
    const baseUrl = inject('baseUrl');
    const bundle = await buildServerBundle();
    const server = await startTeamServer(bundle, baseUrl);
    const devices: App[] = [];
    try {
      const coach = await openDevice(browser, baseUrl, DESKTOP);
      devices.push(coach);
      await joinTeam(coach, server.base, server.coachCode, 'Coach’s tablet');
      await coach.navigate('Workout');
      await addAthlete(coach, 'Ana', 61);
      await addAthlete(coach, 'Ben', 92);

      await openSync(coach);
      await coach.page.getByLabel('Athlete', { exact: true }).selectOption({ label: 'Ana' });
      await coach.page.getByRole('button', { name: 'Make a code for Ana', exact: true }).click();
      const code = (await coach.page.getByLabel('Join code for Ana').locator('.join-code').innerText()).trim();

      const phone = await openDevice(browser, baseUrl, PHONE);
      devices.push(phone);
      await openSync(phone);
      const form = phone.page.getByRole('form', { name: 'Join a team' });
      await form.getByLabel('Team server’s address').fill(server.base);
      await form.getByRole('button', { name: 'Check the address', exact: true }).click();
      await form.getByText(`A Repline team server answers at ${server.base}`).waitFor();
      await form.getByLabel('Join code').fill(code);
      await form.getByLabel('This device’s name').fill('Ana’s phone');
      await shot(phone, 'sync-join-phone');
      await joinTeam(phone, server.base, code, 'Ana’s phone');
      await phone.page.evaluate(() => window.scrollTo(0, 0));
      await shot(phone, 'sync-athlete-phone');

      // The coach's device: its status, then the team's devices and a new code for Ben's phone.
      await openSync(coach);
      await coach.page.getByRole('button', { name: 'Refresh the list', exact: true }).click();
      await coach.page.getByRole('list', { name: 'The team’s devices' }).getByText('Ana’s phone').waitFor();
      for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        await coach.page.setViewportSize(viewport);
        await coach.page.evaluate(() => window.scrollTo(0, 0));
        await shot(coach, `sync-coach-${size}`);
        await coach.page.getByLabel('Athlete', { exact: true }).selectOption({ label: 'Ben' });
        await coach.page.getByRole('button', { name: 'Make a code for Ben', exact: true }).click();
        await coach.page.getByLabel('Join code for Ben').waitFor();
        await coach.page.getByRole('heading', { name: 'The team’s devices' }).scrollIntoViewIfNeeded();
        await coach.page.getByRole('heading', { name: 'The team’s devices' }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
        await shot(coach, `sync-devices-${size}`);
      }
    } finally {
      for (const app of devices) await app.page.context().close();
      await server.stop();
      bundle.remove();
      for (const app of devices) app.problems.assertNone();
    }
  });
});
