/**
 * A coach on one device with two athletes taking turns, over emulated Bluetooth: Ana squats at
 * 0.05 kg·m² and Ben rows at 0.025, then Ana rows at 0.025 and Ben squats at 0.1, four reps after
 * one warmup rep each (a rep goal of 4). With today's order, each set done brings the next
 * athlete up with their own plates and exercise; each set is rated right after it. Once the
 * session ends, the History, its progress and the Profile show each athlete's own sets only, the
 * session page names who did each set and how hard it was, and the Team page lists both with the
 * figures of their last set, the same as the session page's.
 */
import { repPackets } from './fixtures/reps';
import { putOnPlates } from './fixtures/sessions';
import { addAthlete, athleteButton, athleteUp, chooseExercise, exerciseUp, planToday, rateLastSet, switchTo } from './fixtures/team';
import { describe, expect, test } from './fixtures/test';

const SETS = [
  { athlete: 'Ana', exercise: 'Squat', inertia: 0.05, rpe: 7 },
  { athlete: 'Ben', exercise: 'Bent-over row', inertia: 0.025, rpe: 6 },
  { athlete: 'Ana', exercise: 'Bent-over row', inertia: 0.025, rpe: 5 },
  { athlete: 'Ben', exercise: 'Squat', inertia: 0.1, rpe: 9 },
] as const;

/** The figures of a set's line: best and mean velocity and velocity loss. */
function figures(line: string): { best: string; mean: string; loss: string } {
  const [, best, mean] = /best (\d\.\d\d)\s*m\/s · mean (\d\.\d\d)\s*m\/s/.exec(line)!;
  const [, loss] = /velocity loss (\d+\.\d)\s*%/.exec(line)!;
  return { best: best!, mean: mean!, loss: loss! };
}

describe('two athletes taking turns on one device', () => {
  test('train with their own plates and exercises, and every view shows each one’s own sets', async ({ app, unit }) => {
    await app.open();
    await athleteButton(app).waitFor();
    expect(await athleteUp(app)).toBe('Athlete 1');

    // Ana: squats at 0.05 with a goal of 4; Ben: rows at 0.025, the same goal.
    for (const { athlete, exercise, inertia, kg } of [
      { athlete: 'Ana', exercise: 'Squat', inertia: 0.05, kg: 61 },
      { athlete: 'Ben', exercise: 'Bent-over row', inertia: 0.025, kg: 92 },
    ]) {
      await addAthlete(app, athlete, kg);
      await chooseExercise(app, exercise);
      await putOnPlates(app, inertia);
      await app.setTarget({ type: 'None', goal: 4, warmup: 1 });
    }
    // Ana will row at 0.025 and Ben squat at 0.1 in the second round: their plates for those exercises.
    await switchTo(app, 'Ana');
    await chooseExercise(app, 'Bent-over row');
    await putOnPlates(app, 0.025);
    await chooseExercise(app, 'Squat');
    expect(await app.inertiaCardValue()).toBe(0.05);
    await switchTo(app, 'Ben');
    await chooseExercise(app, 'Squat');
    await putOnPlates(app, 0.1);
    await chooseExercise(app, 'Bent-over row');
    expect(await app.inertiaCardValue()).toBe(0.025);

    await planToday(app, ['Ana', 'Ben']);
    expect([await athleteUp(app), await exerciseUp(app), await app.inertiaCardValue()]).toEqual(['Ana', 'Squat', 0.05]);
    await app.connectAndCalibrate();
    await app.showTable();

    const ratedAs: string[] = [];
    let after: { startUs?: number; startAngleDeg?: number } = {};
    for (const [i, set] of SETS.entries()) {
      // Each comes up with the exercise and plates of their last set.
      const last = i < 2 ? set : SETS[i - 2]!;
      expect([await athleteUp(app), await exerciseUp(app), await app.inertiaCardValue()], `set ${i + 1}`).toEqual([set.athlete, last.exercise, last.inertia]);
      if (i >= 2) {
        // The second round: each athlete changes exercise before their set, and their plates for it come up.
        await chooseExercise(app, set.exercise);
        expect(await app.inertiaCardValue()).toBe(set.inertia);
      }
      const packets = repPackets({ reps: 5, seed: 70 + i, inertia: set.inertia, firmware: unit.firmware, restAfterS: 2, recordsPerPacket: 25, ...after });
      await unit.streamPackets(app.page, packets.packets);
      after = { startUs: packets.endUs + 5000, startAngleDeg: packets.endAngleDeg };
      // The set is done once its fourth counted rep has closed: the next athlete comes up.
      const next = SETS[i + 1] ?? SETS[0];
      await expect.poll(() => athleteUp(app)).toBe(next.athlete);
      ratedAs.push(await rateLastSet(app, set.rpe));
    }
    // Each athlete's sets are numbered among theirs: Ana's first, Ben's first, Ana's second, Ben's second.
    expect(ratedAs).toEqual(SETS.map((s, i) => `How hard was set ${i < 2 ? 1 : 2} (${s.athlete}, ${s.exercise})?`));
    await app.disconnectButton().click();
    await app.connectButton().waitFor();

    // History, filtered by athlete: the one session, with each one's own reps.
    await app.navigate('History');
    const history = app.page.getByRole('list', { name: /^Finished sessions/ });
    await history.getByRole('listitem').first().waitFor();
    expect(await history.getByRole('listitem').first().innerText()).toMatch(/16 reps/);
    await app.page.getByRole('combobox', { name: 'Athlete' }).selectOption({ label: 'Ana' });
    await expect.poll(() => history.getByRole('listitem').first().innerText()).toMatch(/8 reps/);
    await app.page.getByRole('combobox', { name: 'Exercise' }).selectOption({ label: 'Squat' });
    await expect.poll(() => history.getByRole('listitem').first().innerText()).toMatch(/4 reps/);
    const progress = app.page.getByRole('table', { name: /per session, oldest first/ });
    const progressRows = async () => progress.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent)));
    // Ana's squat set only: its 4 counted reps at 0.05 kg·m².
    await expect.poll(progressRows).toEqual([['4', expect.stringMatching(/^\d\.\d\d$/), expect.stringMatching(/^\d\.\d\d$/)]]);
    expect(await progress.locator('caption').innerText()).toContain('at 0.05 kg·m²');

    // The session page: who did each set, and how hard it was.
    await app.page.getByRole('link', { name: /^Open the session of / }).click();
    await expect.poll(() => app.page.getByRole('region', { name: /, set \d$/ }).count()).toBe(4);
    const shown = await app.page.getByRole('region', { name: /, set \d$/ }).allInnerTexts();
    shown.forEach((text, i) => expect(text).toMatch(new RegExp(`^${SETS[i]!.athlete}, set ${i < 2 ? 1 : 2}\\s+${SETS[i]!.exercise} · RPE ${SETS[i]!.rpe}`)));
    const lines = await app.page.locator('.session-set > .hint').allInnerTexts();
    expect(lines.map((l) => /^(\d\.\d+) kg·m²/.exec(l.replace(/\u00a0/g, ' '))?.[1])).toEqual(SETS.map((s) => String(s.inertia)));

    // The Profile: one athlete doing one exercise.
    await app.navigate('Profile');
    await app.page.getByRole('combobox', { name: 'Athlete' }).selectOption({ label: 'Ben' });
    await app.page.getByRole('combobox', { name: 'Exercise' }).selectOption({ label: 'Squat' });
    const points = app.page.getByRole('list', { name: /^Sets/ }).getByRole('listitem');
    await expect.poll(() => points.count()).toBe(1);
    expect(await points.first().innerText()).toMatch(/0\.1 kg·m²[\s\S]*4/);

    // The Team page: both, with the figures of their last set (Ana's row, Ben's squat) as the session page has them.
    await app.navigate('Team');
    const cards = app.page.getByRole('list', { name: 'Athletes’ last sessions' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(3);
    const byName = async (name: string) => (await cards.filter({ has: app.page.getByRole('link', { name: `${name}: open their history` }) }).innerText()).replace(/\u00a0/g, ' ');
    for (const [name, set] of [['Ana', 2], ['Ben', 3]] as const) {
      const card = await byName(name);
      const want = figures(lines[set]!.replace(/\u00a0/g, ' '));
      expect(card).toContain(SETS[set]!.exercise);
      expect(card).toMatch(new RegExp(`Best velocity\\s+${want.best} m/s`));
      expect(card).toMatch(new RegExp(`Mean velocity\\s+${want.mean} m/s`));
      expect(card).toMatch(new RegExp(`Velocity loss, last set\\s+${want.loss} %`));
      expect(card).toContain('first session of it');
    }
    expect(await byName('Athlete 1')).toContain('No session yet.');
    await app.page.getByRole('link', { name: 'Ben: open their history' }).click();
    await expect.poll(() => app.page.getByRole('combobox', { name: 'Athlete' }).inputValue()).not.toBe('');
    expect(await app.page.getByRole('combobox', { name: 'Athlete' }).locator('option:checked').innerText()).toBe('Ben');
  });
});
