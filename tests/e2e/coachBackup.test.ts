/**
 * A coach's log moved to a new device by a backup file (issue 31, definition of done): the coach
 * session of fixtures/coachSession.ts (Ana and Ben alternating, rated and noted) and a second
 * session of Ben's, backed up from Settings → Data, restored in a fresh browser profile (a new
 * context: no storage of the first), where the log holds the same athletes with their own body
 * mass and settings, sessions, sets, reps, RPEs, notes, chunks and gaps, and the History and the
 * Team page read the same, and so does today's order. Restoring the same file again adds nothing.
 */
import { App } from './fixtures/app';
import { newAppPage } from './fixtures/browser';
import { recordCoachSession } from './fixtures/coachSession';
import { logCounts } from './fixtures/logCounts';
import { finishSession } from './fixtures/sessions';
import { athleteButton, athleteUp } from './fixtures/team';
import { describe, expect, test } from './fixtures/test';

const TABLET = { width: 820, height: 1180 };

async function openData(app: App): Promise<void> {
  await app.page.goto(new URL('/settings/data', app.baseUrl).href);
  await app.page.getByRole('heading', { name: 'Your data', exact: true }).waitFor();
}

/** The History's cards and the Team page's athletes, as read. */
async function views(app: App): Promise<{ history: string[]; team: string[] }> {
  await app.page.goto(new URL('/history', app.baseUrl).href);
  const history = app.page.getByRole('list', { name: /^Finished sessions/ });
  await history.waitFor();
  const cards = await history.getByRole('listitem').allInnerTexts();
  await app.page.goto(new URL('/team', app.baseUrl).href);
  const team = app.page.getByRole('list', { name: 'Athletes’ last sessions' });
  await team.waitFor();
  return { history: cards, team: await team.getByRole('listitem').allInnerTexts() };
}

/** The athletes as "Who trains?" lists them on the Workout screen, each with their place in today's order. */
async function whoTrains(app: App): Promise<string[]> {
  await app.open();
  await athleteButton(app).click();
  const who = app.page.getByRole('dialog', { name: 'Who trains?' });
  const buttons = who.getByRole('list', { name: 'Athletes' }).getByRole('button');
  // The athletes come once the journal, opened after the first render, is read.
  await buttons.first().waitFor();
  const names = await buttons.allTextContents();
  await who.getByRole('button', { name: 'Close', exact: true }).click();
  return names;
}

async function restore(app: App, file: string, said: RegExp): Promise<void> {
  await openData(app);
  await app.restoreFrom(file);
  await app.waitForStatus(said);
}

describe('a coach’s log backed up and restored in a fresh browser profile', () => {
  test.override('viewport', TABLET);

  test('holds the same athletes, sessions, sets, reps, notes and samples, and a second restore adds nothing', { timeout: 240_000 }, async ({ app, unit, browser }) => {
    await app.open();
    await recordCoachSession(app, unit);
    // A second session: Ben is up after Ana's last set, and does a set of his own.
    expect(await athleteUp(app)).toBe('Ben');
    await finishSession(app, unit, [{ reps: 5, inertia: 0.025 }], 80);

    const before = await logCounts(app.page);
    expect(before).toMatchObject({ sessions: 2, unfinished: 0, sets: 5, reps: 20, rpes: 4, notes: 4, gaps: 0 });
    // Each athlete as the coach set them up: body mass, exercise, rep goal and warmup, no target.
    expect(before.athletes.map((line) => line.split(',')[0])).toEqual(['Ana', 'Athlete 1', 'Ben']);
    expect(before.athletes).toEqual(expect.arrayContaining(['Ana, 70 kg, builtin:squat, goal 4, warmup 1, None', 'Ben, 85 kg, builtin:bent-over-row, goal 4, warmup 1, None']));
    expect(before.chunks).toBeGreaterThan(0);
    const shown = await views(app);
    expect(shown.history).toHaveLength(2);
    // Today's order is the log's: Ben, then Ana, as the coach planned it last.
    const order = await whoTrains(app);
    expect(order).toEqual(['Ana 70 kg · 2. today', 'Athlete 1 85 kg', 'Ben 85 kg · 1. today']);

    await openData(app);
    const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.getByRole('button', { name: 'Back up the log', exact: true }).click()]);
    const file = await download.path();

    const fresh = await newAppPage(browser, TABLET);
    try {
      const other = new App(fresh.page, fresh.problems, app.baseUrl);
      await other.open();
      // The fresh profile's own first athlete is up: the file's replaces it, not beside it.
      expect(await athleteUp(other)).toBe('Athlete 1');
      // Its screen has settings of its own (the placeholder's, still untouched): they stay off the
      // file's athletes, who keep their own.
      await other.setTarget({ type: 'None', goal: 8, warmup: 2 });
      await restore(other, file, /Restored: 2 sessions added, 0 updated, 0 already here/);
      expect(await logCounts(other.page)).toEqual(before);
      expect(await views(other)).toEqual(shown);
      expect(await whoTrains(other)).toEqual(order);

      await restore(other, file, /Restored: 0 sessions added, 0 updated, 2 already here/);
      expect(await logCounts(other.page)).toEqual(before);
      expect(await views(other)).toEqual(shown);
      fresh.problems.assertNone();
    } finally {
      await fresh.context.close();
    }
  });
});
