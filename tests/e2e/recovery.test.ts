/**
 * Nothing lost: the page reloads in the middle of a set. The session journal
 * (IndexedDB) must hand every sample received before the reload back to the app, and recovering
 * must show the reps a run without the reload shows for the same samples (the user ending the
 * session at the same point). The same physical set is streamed twice, the second time later on
 * the unit's clock, so both runs see identical motion.
 */
import { readFile } from 'node:fs/promises';
import type { App } from './fixtures/app';
import { repPackets } from './fixtures/reps';
import { describe, expect, test } from './fixtures/test';

/** Exports the session on screen and returns the raw block's times, µs (the download is the CSV; the raw block is found by its header, the set and power blocks follow it). */
async function exportedTimes(app: App): Promise<number[]> {
  const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.getByRole('button', { name: 'Export CSV', exact: true }).click()]);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').replace(/\r\n/g, '\n').trimEnd();
  const raw = csv.split(/\n\n/).map((block) => block.split('\n')).find((lines) => lines[0] === 'Time (µs),Angle (°)');
  if (raw === undefined) throw new Error('the export has no raw block');
  return raw.slice(1).map((line) => Number(line.split(',')[0]));
}

/** Sessions the journal's database holds unfinished (what a start would offer to recover). */
function unfinishedSessions(app: App): Promise<number> {
  return app.page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('repline-journal');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const all = db.transaction('sessions').objectStore('sessions').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { finishedAt: number | null }[]).filter((s) => s.finishedAt === null).length);
          };
        };
      }),
  );
}

describe('reloading the page in the middle of a set', () => {
  test('Recover brings back every sample received before the reload, with the reps of a run without the reload', async ({ app, unit }) => {
    await app.open();
    await app.showTable();
    const request = { reps: 7, seed: 13, inertia: 0.05, firmware: unit.firmware };
    const first = repPackets(request);
    const half = Math.floor(first.packets.length / 2);

    // The run without the reload: half the set, then the user ends the session.
    await app.connectAndCalibrate();
    await unit.streamPackets(app.page, first.packets.slice(0, half));
    await app.disconnectButton().click();
    await app.connectButton().waitFor();
    const withoutReload = await app.tableRows();
    expect(withoutReload.length).toBeGreaterThanOrEqual(2);

    // The same motion 10 s later on the unit's clock, and this time the page reloads mid-set.
    await app.reset();
    await app.waitForRows(0);
    await app.connectAndCalibrate();
    const second = repPackets({ ...request, startUs: first.endUs + 10_000_000 });
    const sent = second.timeUs.slice(0, second.packets.slice(0, half).reduce((n, p) => n + p.byteLength / 8, 0));
    await unit.streamPackets(app.page, second.packets.slice(0, half));
    await app.page.reload();

    const dialog = app.dialog('Recover unfinished session?' as 'Calibrate');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(sent.length.toLocaleString('en-US'));
    await dialog.getByRole('button', { name: 'Recover', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await app.waitForRows(withoutReload.length)).toEqual(withoutReload);
    expect(await exportedTimes(app)).toEqual(sent);
  });

  test('Not now leaves the session to be offered at the next start', async ({ app, unit }) => {
    await app.open();
    await app.connectAndCalibrate();
    await app.showTable();
    // The first rep and part of the second: a session holding a rep (one without any is not
    // offered), reloaded once that rep has closed on screen (a row comes at its turn, before the
    // rep is one; a reload then could leave the journal a turn and nothing to offer).
    const packets = repPackets({ reps: 2, seed: 3, inertia: 0.05, firmware: unit.firmware }).packets;
    await unit.streamPackets(app.page, packets.slice(0, Math.round(packets.length * 0.7)));
    await expect.poll(async () => (await app.tableRows()).some((row) => row.eccentric !== '…')).toBe(true);
    await app.page.reload();
    const dialog = app.dialog('Recover unfinished session?' as 'Calibrate');
    await dialog.getByRole('button', { name: 'Not now', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await app.page.reload();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Workout' }).first().waitFor();
    // The History lists sessions once the journal is open, which is after its search for an
    // unfinished session: by then any offer would have been made, and there is nothing to offer.
    await app.navigate('History');
    await app.page.getByText('No finished sessions yet.').waitFor();
    expect(await unfinishedSessions(app)).toBe(0);
    expect(await dialog.count()).toBe(0);
  });
});
