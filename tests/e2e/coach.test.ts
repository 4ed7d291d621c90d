/**
 * A coach's session on a tablet (820 × 1180), over emulated Bluetooth (fixtures/coachSession.ts):
 * Ana and Ben alternate with rep goals reached exactly (Ana pulls on twice after her first goal:
 * nobody's reps), the athlete who just finished is brought back, each set is rated with an RPE
 * and a note. Then every view speaks of each athlete's own sets (issue 31): the Workout screen
 * while it happens (the last set on screen until the next athlete pulls, the list of sets with
 * each athlete's set numbers and no empty set, the Team page mid-training), the History and its
 * filters, the session page, each athlete's export checked line by line, and a delete from a
 * History filtered to one athlete.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { App } from './fixtures/app';
import { COACH_ATHLETES, COACH_SETS, recordCoachSession } from './fixtures/coachSession';
import { athleteButton, setLines } from './fixtures/team';
import { describe, expect, test } from './fixtures/test';

/** The CSV's blocks, each as rows of cells (papaparse: quoted notes with commas stay one cell). */
function blocksOf(csv: string): string[][][] {
  return csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n\r\n')
    .map((block) => Papa.parse<string[]>(block).data);
}

/** The finished sessions' cards of the History as it is filtered now. */
async function cards(app: App): Promise<string[]> {
  const list = app.page.getByRole('list', { name: /^Finished sessions/ });
  if ((await list.count()) === 0) return [];
  return (await list.getByRole('listitem').allInnerTexts()).map((card) => card.replace(/\u00a0/g, ' '));
}

async function filterHistory(app: App, athlete: string, exercise = 'All exercises'): Promise<void> {
  await app.page.getByRole('combobox', { name: 'Athlete' }).selectOption({ label: athlete });
  await app.page.getByRole('combobox', { name: 'Exercise' }).selectOption({ label: exercise });
}

/** One athlete's sessions from Settings → Data, as the file that downloads. */
async function athleteExport(app: App, athlete: string): Promise<{ name: string; csv: string }> {
  await app.navigate('Settings');
  await app.page.getByRole('link', { name: 'Data', exact: true }).click();
  await app.page.getByRole('combobox', { name: 'Athlete' }).selectOption({ label: athlete });
  const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.getByRole('button', { name: 'Export their sessions as CSV files', exact: true }).click()]);
  return { name: download.suggestedFilename(), csv: await readFile(await download.path(), 'utf8') };
}

describe('a coach’s session on a tablet', () => {
  test.override('viewport', { width: 820, height: 1180 });

  test('two athletes alternate, and every view speaks of each one’s own sets', { timeout: 180_000 }, async ({ app, unit }) => {
    await app.open();
    await recordCoachSession(app, unit, async (done) => {
      const lines = await setLines(app);
      if (done === 0) {
        // Ben is up and has not pulled: Ana's set stays on screen, her four reps after the warmup
        // (not the two she pulled on with), until his first rep.
        expect((await app.tableRows()).map((r) => r.label)).toEqual(['W', '1', '2', '3', '4']);
        await app.page.getByText('On screen: Ana’s last set, until Ben’s first rep.').waitFor();
        expect(lines).toEqual([]);
      }
      if (done === 1) {
        // No empty set of Ben's: the reps after Ana's goal are in no set.
        expect(lines.map((line) => line.split(':')[0])).toEqual(['Ana, set 1 · Squat', 'Ben, set 1 · Bent-over row']);
        expect(lines.every((line) => / · 4 reps · /.test(line))).toBe(true);
        // The Team page mid-training counts today's sets.
        await app.navigate('Team');
        const team = app.page.getByRole('list', { name: 'Athletes’ last sessions' });
        await expect.poll(async () => (await team.getByRole('listitem').allInnerTexts()).join('\n').replace(/\u00a0/g, ' ')).toMatch(/Ana[\s\S]*Today, in progress · Squat at 0\.05 kg·m²[\s\S]*Ben[\s\S]*Today, in progress · Bent-over row at 0\.025 kg·m²/);
        await app.navigate('Workout');
        // Each athlete in "Who trains?" is named as read: name, body mass, place today (issue 31, point 11).
        await athleteButton(app).click();
        const who = app.page.getByRole('dialog', { name: 'Who trains?' });
        expect(await who.getByRole('list', { name: 'Athletes' }).getByRole('button').allTextContents()).toEqual(['Ana 70 kg · 1. today', 'Athlete 1 85 kg', 'Ben 85 kg · 2. today']);
        await who.getByRole('button', { name: 'Ana 70 kg · 1. today', exact: true }).waitFor();
        await who.getByRole('button', { name: 'Close', exact: true }).click();
      }
      if (done === 3) {
        expect(lines.map((line) => line.split(':')[0].replace(' (current)', ''))).toEqual(['Ana, set 1 · Squat', 'Ben, set 1 · Bent-over row', 'Ben, set 2 · Bent-over row', 'Ana, set 2 · Squat']);
      }
    });

    // History: the session holds 16 counted reps, 8 of each athlete; a filter on an exercise an
    // athlete did not do lists nothing, not a "0 reps" session.
    await app.navigate('History');
    await expect.poll(() => cards(app)).toHaveLength(1);
    expect((await cards(app))[0]).toMatch(/Ana, Ben · Squat, Bent-over row[\s\S]*16 reps · best \d\.\d\d m\/s \(velocity, concentric\)/);
    for (const name of ['Ana', 'Ben']) {
      await filterHistory(app, name);
      await expect.poll(async () => (await cards(app))[0]).toMatch(/8 reps · best/);
    }
    await filterHistory(app, 'Ana', 'Bent-over row');
    await app.page.getByText('No finished session of this athlete and exercise yet.').waitFor();
    expect(await cards(app)).toEqual([]);

    // The session page: each set named as its athlete knows it, with its rating.
    await filterHistory(app, 'All athletes');
    await app.page.getByRole('link', { name: /^Open the session of / }).click();
    const sets = app.page.getByRole('region', { name: /, set \d$/ });
    await expect.poll(() => sets.count()).toBe(4);
    const named = COACH_SETS.map((set, i) => `${set.athlete}, set ${COACH_SETS.slice(0, i + 1).filter((s) => s.athlete === set.athlete).length}`);
    expect(await sets.getByRole('heading').allInnerTexts()).toEqual(named);
    const texts = await sets.allInnerTexts();
    COACH_SETS.forEach((set, i) => expect(texts[i]).toContain(`${set.exercise} · RPE ${set.rpe} · “${set.note}”`));

    // Each athlete's export, line by line: their sets only, their RPE and notes, found on the whole session.
    for (const athlete of COACH_ATHLETES) {
      const { name, csv } = await athleteExport(app, athlete.name);
      // Who and what, so that a folder of downloads tells them apart.
      const whoAndWhat = { Ana: 'ana-squat', Ben: 'ben-bent-over-row' }[athlete.name];
      expect(name).toMatch(new RegExp(`^Repline-\\d{4}-\\d\\d-\\d\\d-\\d{4}-${whoAndWhat}\\.csv$`));
      const blocks = blocksOf(csv);
      const reps = blocks[1]!;
      expect(reps.slice(1).map((row) => row[0])).toEqual(['W', '1', '2', '3', '4', 'W', '1', '2', '3', '4']);
      const rows = blocks.at(-1)!;
      expect(rows[0]).toEqual(['Set Start (µs)', 'Set End (µs)', 'Athlete', 'Body Mass (kg)', 'Exercise', 'Mass Share', 'Inertia (kg·m²)', 'Boost (%)', 'RPE', 'Note']);
      const theirs = COACH_SETS.filter((set) => set.athlete === athlete.name);
      expect(rows.slice(1).map((row) => row.slice(2))).toEqual(theirs.map((set) => [athlete.name, String(athlete.kg), athlete.exercise, athlete.massShare, String(set.inertia), '0', String(set.rpe), set.note]));
      // Whole microseconds on the raw block's clock, and each set's rows in its own time.
      for (const row of rows.slice(1)) expect(row.slice(0, 2).every((us) => /^\d+$/.test(us))).toBe(true);
      await app.waitForStatus(/CSV file/);
    }

    // Delete from the History filtered to Ben: his sets alone (the session stays Ana's, with its
    // samples), the whole session offered beside it with Ana named; both in the danger colour.
    await app.navigate('History');
    await filterHistory(app, 'Ben');
    await expect.poll(() => cards(app)).toHaveLength(1);
    const deleteButton = app.page.getByRole('button', { name: /^Delete the session of / });
    expect(await deleteButton.evaluate((b) => getComputedStyle(b).color)).toBe('rgb(185, 28, 28)');
    await deleteButton.click();
    const dialog = app.page.getByRole('dialog', { name: 'Delete Ben’s sets?' });
    expect((await dialog.innerText()).replace(/\s+/g, ' ')).toMatch(/Ben’s sets in the session of .* \(8 reps\) will be deleted from this device\. The sets of Ana \(8 reps\) stay, with the session’s samples\. Delete the whole session, and the sets of Ana go too/);
    await dialog.getByRole('button', { name: 'Delete the whole session', exact: true }).waitFor();
    const theirs = dialog.getByRole('button', { name: 'Delete Ben’s sets', exact: true });
    expect(await theirs.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(185, 28, 28)');
    await theirs.click();
    await app.waitForStatus(/Ben’s sets were taken out of the session of/);
    await app.page.getByText('No finished session of this athlete and exercise yet.').waitFor();
    await filterHistory(app, 'Ana');
    await expect.poll(async () => (await cards(app))[0]).toMatch(/8 reps · best/);
    await filterHistory(app, 'All athletes');
    await expect.poll(async () => (await cards(app))[0]).toMatch(/Ana · Squat[\s\S]*8 reps · best/);
    // The session page holds Ana's two sets, and her export is unchanged.
    await app.page.getByRole('link', { name: /^Open the session of / }).click();
    await expect.poll(() => sets.getByRole('heading').allInnerTexts()).toEqual(['Ana, set 1', 'Ana, set 2']);
    const after = blocksOf((await athleteExport(app, 'Ana')).csv).at(-1)!;
    expect(after.slice(1).map((row) => row.slice(2, 3).concat(row.slice(8)))).toEqual(COACH_SETS.filter((set) => set.athlete === 'Ana').map((set) => ['Ana', String(set.rpe), set.note]));
  });
});
