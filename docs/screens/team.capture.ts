/**
 * `npm run screenshots`: a coach's session of two athletes taking turns, at phone (390×844),
 * tablet (820×1180, a coach's) and desktop (1280×900) size, written next to this file for the
 * README: the Workout screen with who is up, the last set kept on screen and its rating, the
 * athlete switch, today's order, "Plan a set" from Ana's profile of the squat, the Team page, Ben's
 * History with the delete dialog that names Ana, and the session page with each athlete's sets.
 * The production build in Chromium, the sets streamed by the emulated unit: Ana squats and Ben
 * rows, four reps after a warmup rep each, at 0.025, 0.05 and 0.1 kg·m² in turn, today's order
 * bringing each up after the other's set once the rope has rested.
 */
import { fileURLToPath } from 'node:url';
import { repPackets } from '../../tests/e2e/fixtures/reps';
import { putOnPlates } from '../../tests/e2e/fixtures/sessions';
import { addAthlete, athleteButton, athleteUp, chooseExercise, planToday, rateLastSet, switchTo } from '../../tests/e2e/fixtures/team';
import { describe, expect, test } from '../../tests/e2e/fixtures/test';

const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 820, height: 1180 }, desktop: { width: 1280, height: 900 } } as const;
const HERE = fileURLToPath(new URL('.', import.meta.url));
const INERTIAS = [0.025, 0.05, 0.1];

describe('screenshots of the athletes on the Workout screen and the Team page', () => {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`on a ${size} (${viewport.width}×${viewport.height})`, { timeout: 240_000 }, async ({ app, unit }) => {
      await app.page.setViewportSize(viewport);
      await app.open();
      const shot = async (name: string, fullPage = false) => {
        await app.page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
        await app.page.screenshot({ path: `${HERE}${name}-${size}.png`, fullPage });
      };
      for (const [name, kg, exercise] of [['Ana', 61, 'Squat'], ['Ben', 92, 'Bent-over row']] as const) {
        await addAthlete(app, name, kg);
        await chooseExercise(app, exercise);
        await app.setTarget({ type: 'None', goal: 4, warmup: 1 });
      }
      await planToday(app, ['Ana', 'Ben']);
      await app.connectAndCalibrate();
      let after: { startUs?: number; startAngleDeg?: number } = {};
      for (const [round, inertia] of INERTIAS.entries()) {
        for (const [turn, rpe] of [[0, 6 + round], [1, 5 + round]] as const) {
          await putOnPlates(app, inertia);
          const packets = repPackets({ reps: 5, seed: 90 + round * 2 + turn, inertia, firmware: unit.firmware, restAfterS: 2, recordsPerPacket: 25, ...after });
          const who = await athleteUp(app);
          await unit.streamPackets(app.page, packets.packets);
          after = { startUs: packets.endUs + 5000, startAngleDeg: packets.endAngleDeg };
          await expect.poll(() => athleteUp(app)).not.toBe(who);
          await rateLastSet(app, rpe);
        }
      }
      await app.page.getByRole('region', { name: /^How hard was set 3 \(Ben/ }).waitFor();
      // The whole screen, from who trains (and the last set kept on screen) down to the rating and the sets.
      await app.page.evaluate(() => window.scrollTo(0, 0));
      await shot('athletes-workout', true);
      await athleteButton(app).click();
      await app.page.getByRole('dialog', { name: 'Who trains?' }).waitFor();
      await shot('athletes-switch');
      await app.page.getByRole('button', { name: 'Change today’s order' }).click();
      await app.page.getByRole('dialog', { name: 'Today’s order' }).waitFor();
      await shot('athletes-order');
      await app.page.getByRole('dialog', { name: 'Today’s order' }).getByRole('button', { name: 'Back' }).click();
      await app.page.keyboard.press('Escape');

      await app.disconnectButton().click();
      await app.connectButton().waitFor();
      await switchTo(app, 'Ana');
      await app.page.getByRole('button', { name: 'Plan a set', exact: true }).click();
      await app.page.getByRole('dialog', { name: 'Plan a set' }).getByRole('term').first().waitFor();
      await shot('athletes-plan');
      await app.page.keyboard.press('Escape');

      await app.navigate('Team');
      await app.page.getByRole('link', { name: 'Ben: open their history' }).waitFor();
      await app.page.getByRole('term').filter({ hasText: 'Best velocity' }).first().waitFor();
      await shot('team');

      await app.page.getByRole('link', { name: 'Ben: open their history' }).click();
      await app.page.getByRole('region', { name: 'Progress' }).getByText(/^\d\.\d\d$/).first().waitFor();
      await shot('coach-history');
      await app.page.getByRole('button', { name: /^Delete the session of / }).click();
      await app.page.getByRole('dialog', { name: /^Delete (Ben’s sets|session)\?$/ }).waitFor();
      await shot('coach-delete');
      await app.page.keyboard.press('Escape');
      await app.page.getByRole('link', { name: /^Open the session of / }).click();
      await expect.poll(() => app.page.locator('.js-plotly-plot').count()).toBe(6);
      await shot('coach-session');
    });
  }
});
