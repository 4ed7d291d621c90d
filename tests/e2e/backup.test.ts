/**
 * Keeping the log across devices: a session recorded over emulated Bluetooth (two sets, the
 * second after a plate change), backed up from Settings → Data, all site data cleared (what a new
 * phone or a wiped browser is), and restored from the file: the History lists the same session,
 * its export is the same file byte for byte (every rep, set and raw sample), and opening it
 * shows the same sets and reps. Restoring the file again changes nothing, and a copy cut short is
 * called damaged with nothing written.
 */
import { readFile } from 'node:fs/promises';
import type { App } from './fixtures/app';
import { repPackets } from './fixtures/reps';
import { describe, expect, test } from './fixtures/test';

/** Loads `path` and waits for its heading. */
async function visit(app: App, path: '/history' | '/settings/data'): Promise<void> {
  await app.page.goto(new URL(path, app.baseUrl).href);
  await app.page.getByRole('heading', { name: path === '/history' ? 'History' : 'Your data', exact: true }).waitFor();
}

/** The History's sessions (date, reps, best), as shown. */
async function historyRows(app: App): Promise<string[]> {
  await visit(app, '/history');
  const list = app.page.getByRole('list', { name: /^Finished sessions/ });
  await list.waitFor();
  return list.getByRole('listitem').allInnerTexts();
}

/** The session's CSV as the History exports it. */
async function historyExport(app: App): Promise<string> {
  const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.getByRole('button', { name: /^Export CSV of the session of / }).click()]);
  return readFile(await download.path(), 'utf8');
}

/** The sets listed and each set's reps shown once the session is opened from the History. */
async function reopened(app: App): Promise<{ sets: string[]; reps: string[][] }> {
  await app.page.getByRole('link', { name: /^Open the session of / }).click();
  await app.viewToggle('Table').click();
  const sets = app.page.getByRole('region', { name: /^Set \d$/ });
  await expect.poll(() => app.page.getByRole('table').count()).toBe(2);
  const reps = await app.page.getByRole('table').evaluateAll((tables) => tables.map((t) => Array.from(t.querySelectorAll('tbody tr'), (tr) => (tr as HTMLElement).innerText)));
  return { sets: await sets.locator('.hint').allInnerTexts(), reps };
}

describe('backing up the log and restoring it after all site data is cleared', () => {
  test('gives the same History, sets and reps', async ({ app, unit }) => {
    await app.open();
    const inertia = await app.openInertiaDialog();
    await inertia.getByRole('button', { name: 'Add one Flywheel 0.05', exact: true }).click();
    await app.saveDialog('Inertia');
    await app.connectAndCalibrate();
    await app.showTable();
    const first = repPackets({ reps: 5, seed: 31, inertia: 0.05, firmware: unit.firmware });
    await unit.streamPackets(app.page, first.packets);
    await app.waitForRows(5);
    const more = await app.openInertiaDialog();
    await more.getByRole('button', { name: 'Add one Flywheel 0.025', exact: true }).click();
    await app.saveDialog('Inertia');
    const second = repPackets({ reps: 4, seed: 32, inertia: 0.075, firmware: unit.firmware, startUs: first.endUs + 5e6, startAngleDeg: first.endAngleDeg });
    await unit.streamPackets(app.page, second.packets);
    await app.waitForRows(4);
    await app.disconnectButton().click();
    await app.connectButton().waitFor();

    const rows = await historyRows(app);
    expect(rows).toHaveLength(1);
    const csv = await historyExport(app);
    const shown = await reopened(app);

    await visit(app, '/settings/data');
    const [backup] = await Promise.all([app.page.waitForEvent('download'), app.page.getByRole('button', { name: 'Back up the log', exact: true }).click()]);
    expect(backup.suggestedFilename()).toMatch(/^Repline-backup-\d+\.json$/);
    const file = await backup.path();
    await app.waitForStatus(/The log was backed up: the file was saved to your downloads\./);

    const cdp = await app.page.context().newCDPSession(app.page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(app.baseUrl).origin, storageTypes: 'all' });
    await cdp.detach();
    await visit(app, '/history');
    await app.page.getByText('No finished sessions yet.').waitFor();

    await visit(app, '/settings/data');
    await app.restoreFrom(file);
    await app.waitForStatus(/Restored: 1 session added, 0 updated, 0 already here/);
    // Settings → Data says what this device knows of keeping the log: it has made no backup.
    await expect.poll(() => app.page.getByRole('list', { name: 'Keeping the log' }).innerText()).toMatch(/Last backup: never\./);

    expect(await historyRows(app)).toEqual(rows);
    expect(await historyExport(app)).toBe(csv);
    expect(await reopened(app)).toEqual(shown);

    // Restoring it again changes nothing.
    await visit(app, '/settings/data');
    await app.restoreFrom(file);
    await app.waitForStatus(/Restored: 0 sessions added, 0 updated, 1 already here/);
    expect(await historyRows(app)).toEqual(rows);

    // A copy cut short is called damaged, and nothing is written.
    app.problems.allowConsoleError(/This backup is damaged/);
    const text = await readFile(file, 'utf8');
    await visit(app, '/settings/data');
    await app.restoreFrom({ name: 'cut.json', mimeType: 'application/json', buffer: Buffer.from(text.slice(0, Math.floor(text.length / 2))) });
    await app.waitForAlert(/This backup is damaged \(its end: the file stops before the backup does: it was cut short\); nothing was restored\./);
    expect(await historyRows(app)).toEqual(rows);
  });

  test('refuses a file that is not a backup with one sentence and keeps the History', async ({ app }) => {
    app.problems.allowConsoleError(/This file is not a Repline backup/);
    await visit(app, '/settings/data');
    await app.restoreFrom({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":"world"}') });
    await app.waitForAlert(/This file is not a Repline backup\./);
    await visit(app, '/history');
    await app.page.getByText('No finished sessions yet.').waitFor();
  });
});
