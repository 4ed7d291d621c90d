/**
 * The athletes' screens and dialogs fit the phone in the hand and the desktop, and pass axe: the
 * Workout screen with who is up and the last set's rating, the athlete switch, today's order, a
 * new athlete, the exercise picker and a new exercise, "Plan a set", the note on a set, the Target
 * dialog's eccentric side, and the Team page, at 320, 390 and 1280 px (fixtures/layout.ts).
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
      await unit.streamPackets(app.page, repPackets({ reps: 5, seed: 5, inertia: 0.05, firmware: unit.firmware, restAfterS: 2, recordsPerPacket: 25 }).packets);
      await expect.poll(() => athleteUp(app)).toBe('Ben');
      await app.page.getByRole('region', { name: /^How hard was set 1/ }).waitFor();

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

      await app.disconnectButton().click();
      await app.connectButton().waitFor();
      await app.navigate('Team');
      await app.page.getByRole('link', { name: 'Ben: open their history' }).waitFor();
      await app.page.getByRole('term').filter({ hasText: 'Best velocity' }).first().waitFor();
      await page('the Team page');
    });
  }
});
