/**
 * The athletes' screens and dialogs fit the phone in the hand, the coach's tablet and the desktop,
 * and pass axe: the Workout screen with who is up, the last set kept on screen and its rating, the
 * athlete switch, today's order, a new athlete, the exercise picker and a new exercise, "Plan a
 * set", the note on a set, the Target dialog's eccentric side, the Team page, the History filtered
 * to one athlete with its delete dialog, and the coach's session opened from it, at 320, 390, 820
 * and 1280 px (fixtures/layout.ts).
 */
import { seriousViolations } from './fixtures/axe';
import { layoutProblems, WIDTHS } from './fixtures/layout';
import { repPackets } from './fixtures/reps';
import { putOnPlates } from './fixtures/sessions';
import { addAthlete, athleteButton, athleteUp, exerciseButton, planToday } from './fixtures/team';
import { describe, expect, test } from './fixtures/test';

describe('the athletes’ screens and dialogs', () => {
  for (const viewport of WIDTHS) {
    test(`at ${viewport.width} px fit and pass axe`, { timeout: 90_000 }, async ({ app, unit }) => {
      await app.page.setViewportSize(viewport);
      await app.open();
      await addAthlete(app, 'Anastasia Konstantinopoulou', 61);
      await putOnPlates(app, 0.05);
      await app.setTarget({ type: 'None', goal: 4 });
      await addAthlete(app, 'Ben', 92);
      await planToday(app, ['Anastasia Konstantinopoulou', 'Ben']);
      await app.connectAndCalibrate();
      const first = repPackets({ reps: 5, seed: 5, inertia: 0.05, firmware: unit.firmware, restAfterS: 2, recordsPerPacket: 25 });
      await unit.streamPackets(app.page, first.packets);
      await expect.poll(() => athleteUp(app)).toBe('Ben');
      await app.page.getByRole('region', { name: /^How hard was set 1/ }).waitFor();
      await app.page.getByText(/^On screen: Anastasia Konstantinopoulou’s last set/).waitFor();

      const page = async (what: string) => {
        expect(await layoutProblems(app.page, { texts: ['.team-bar__name'] }), what).toEqual([]);
        expect(await seriousViolations(app.page), what).toEqual([]);
      };
      const dialog = async (name: string) => {
        await app.page.getByRole('dialog', { name }).waitFor();
        expect(await layoutProblems(app.page, { scope: '.dialog__actions', vertical: true, texts: ['.dialog__title'] }), name).toEqual([]);
        expect(await layoutProblems(app.page, { scope: '.dialog' }), name).toEqual([]);
        expect(await seriousViolations(app.page), name).toEqual([]);
      };
      const back = async (name: string, button = 'Back') => {
        await app.page.getByRole('dialog', { name }).getByRole('button', { name: button, exact: true }).click();
      };

      await page('the Workout screen with who is up and the rating');
      await athleteButton(app).click();
      await dialog('Who trains?');
      await app.page.getByRole('button', { name: 'Change today’s order' }).click();
      await dialog('Today’s order');
      await back('Today’s order');
      await app.page.getByRole('dialog', { name: 'Who trains?' }).getByRole('button', { name: 'Add an athlete', exact: true }).click();
      await dialog('New athlete');
      await back('New athlete');
      await back('Who trains?', 'Close');

      await exerciseButton(app).click();
      await dialog('Exercise');
      await app.page.getByRole('button', { name: 'Add your own', exact: true }).click();
      await dialog('Your own exercise');
      await back('Your own exercise');
      await back('Exercise', 'Close');

      await app.page.getByRole('button', { name: 'Plan a set', exact: true }).click();
      await app.page.getByRole('dialog', { name: 'Plan a set' }).getByText(/no sets yet|needs|There are/).waitFor();
      await dialog('Plan a set');
      await back('Plan a set', 'Cancel');

      await app.page.getByRole('button', { name: 'Add a note', exact: true }).click();
      await dialog('Note on the set');
      await back('Note on the set', 'Cancel');

      await app.page.getByRole('button', { name: /^Target:/ }).click();
      await app.page.getByRole('dialog', { name: 'Target' }).getByRole('switch', { name: /^Big number: eccentric\/concentric/ }).waitFor();
      await dialog('Target');
      await back('Target', 'Cancel');

      // Ben's set (his plates not chosen: the prompt for them is on the Workout screen too).
      await app.page.getByRole('button', { name: 'Choose plates for Ben', exact: true }).waitFor();
      await unit.streamPackets(app.page, repPackets({ reps: 5, seed: 6, inertia: 0.05, firmware: unit.firmware, restAfterS: 2, recordsPerPacket: 25, startUs: first.endUs + 5000, startAngleDeg: first.endAngleDeg }).packets);
      // Ben has no rep goal: "Next" ends his set.
      await expect.poll(() => app.page.getByRole('region', { name: 'Sets' }).getByRole('listitem').count()).toBe(2);
      await app.page.getByRole('button', { name: 'Next: Anastasia Konstantinopoulou', exact: true }).click();
      await expect.poll(() => athleteUp(app)).toBe('Anastasia Konstantinopoulou');
      await app.disconnectButton().click();
      await app.connectButton().waitFor();
      await app.navigate('Team');
      await app.page.getByRole('link', { name: 'Ben: open their history' }).waitFor();
      await app.page.getByRole('term').filter({ hasText: 'Best velocity' }).first().waitFor();
      await page('the Team page');

      // Ben's History: his sets only, and deleting names the other athlete of the session.
      await app.page.getByRole('link', { name: 'Ben: open their history' }).click();
      await app.page.getByRole('button', { name: /^Delete the session of / }).waitFor();
      await page('the History filtered to Ben');
      await app.page.getByRole('button', { name: /^Delete the session of / }).click();
      const deleting = app.page.getByRole('dialog', { name: /^Delete (Ben’s sets|session)\?$/ });
      await deleting.waitFor();
      expect(await deleting.innerText()).toContain('Anastasia Konstantinopoulou');
      expect(await layoutProblems(app.page, { scope: '.dialog__actions', vertical: true, texts: ['.dialog__title'] }), 'the delete dialog').toEqual([]);
      expect(await seriousViolations(app.page), 'the delete dialog').toEqual([]);
      await deleting.getByRole('button', { name: 'Cancel', exact: true }).click();
      await app.page.getByRole('link', { name: /^Open the session of / }).click();
      await expect.poll(() => app.page.getByRole('region', { name: /, set \d$/ }).count()).toBe(2);
      await expect.poll(() => app.page.locator('.js-plotly-plot').count()).toBe(2);
      await page('the coach’s session');
    });
  }
});
