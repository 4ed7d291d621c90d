/**
 * One team log on every device, end to end in Chromium with a team server the test starts
 * (`npm run server`'s bundle on PGlite in a data folder of its own): a coach's tablet (820×1180)
 * and an athlete's phone (390×844) join one team; both record a set while offline; both reconnect;
 * the coach sees every session, the athlete only their own; the server killed in the middle of a
 * push and restarted loses and doubles nothing. Two coach devices rename one athlete at once: the
 * later name everywhere; a device whose clock jumps an hour ahead has its earlier edit ordered
 * before the later one made elsewhere, is told, and its later edits win. Settings → Sync fits a
 * phone and a tablet and passes axe, joining and joined; a session pulled without its samples,
 * opened offline, shows its record and passes axe, and opens whole once the device is online.
 */
import { inject } from 'vitest';
import type { App } from './fixtures/app';
import { PHONE, TABLET, buildServerBundle, historyCards, installClockShift, joinTeam, openDevice, openSync, recordDemoSet, renameAthlete, rosterNames, shiftClock, startTeamServer, syncFacts, syncNow, type TeamServerProcess } from './fixtures/sync';
import { seriousViolations } from './fixtures/axe';
import { addAthlete, athleteUp } from './fixtures/team';
import { describe, expect, test as base } from './fixtures/test';

const test = base.extend('bundle', { scope: 'file' }, async ({}, { onCleanup }) => {
  const bundle = await buildServerBundle();
  onCleanup(() => bundle.remove());
  return bundle;
});

/** The code Settings → Sync makes on a coach's device for `athlete`'s phone. */
async function inviteCode(coach: App, athlete: string): Promise<string> {
  await openSync(coach);
  await coach.page.getByLabel('Athlete', { exact: true }).selectOption({ label: athlete });
  await coach.page.getByRole('button', { name: `Make a code for ${athlete}`, exact: true }).click();
  return (await coach.page.getByLabel(`Join code for ${athlete}`).locator('.join-code').innerText()).trim();
}

/** The device's token, as Settings → Sync kept it (the test reads the server's state with it). */
async function tokenOf(app: App): Promise<string> {
  return app.page.evaluate(() => (JSON.parse(localStorage.getItem('repline.sync.v1') ?? '{}') as { token: string }).token);
}

describe('syncing the team log through a team server', () => {
  test('a tablet and a phone record offline, reconnect; the coach sees all, the athlete their own; a server killed mid-push loses and doubles nothing', { timeout: 600_000 }, async ({ bundle, browserWithoutBluetooth: browser }) => {
    const baseUrl = inject('baseUrl');
    const server: TeamServerProcess = await startTeamServer(bundle, baseUrl);
    const contexts: App[] = [];
    try {
      const tablet = await openDevice(browser, baseUrl, TABLET);
      contexts.push(tablet);
      // Chromium's own request for the page's icon, while a device is offline.
      tablet.problems.allowConsoleError(/favicon\.svg/);
      await joinTeam(tablet, server.base, server.coachCode, 'Coach’s tablet');
      expect(await syncFacts(tablet)).toMatchObject({ Team: `Repline team on ${server.base}`, 'This device': 'Coach’s tablet, a coach’s device (the whole team)', 'Waiting to be sent': 'nothing' });
      await tablet.navigate('Workout');
      await addAthlete(tablet, 'Ana', 61);
      await addAthlete(tablet, 'Ben', 78);
      const code = await inviteCode(tablet, 'Ana');
      await expectUsable(tablet);

      const phone = await openDevice(browser, baseUrl, PHONE);
      contexts.push(phone);
      phone.problems.allowConsoleError(/favicon\.svg/);
      await openSync(phone);
      await phone.page.getByLabel('Team server’s address').fill('http://192.168.1.20:8787');
      await phone.page.getByText(/^Plain http:\/\/ sends this device’s key across the network unencrypted/).waitFor();
      await expectUsable(phone);
      await joinTeam(phone, server.base, code, 'Ana’s phone');
      expect(await syncFacts(phone)).toMatchObject({ 'This device': 'Ana’s phone, the phone of Ana (their sets only)' });
      await expectUsable(phone);
      await phone.navigate('Workout');
      await expect.poll(() => athleteUp(phone)).toBe('Ana');
      // The phone's roster is its athlete alone: its untouched first athlete gave way.
      expect(await rosterNames(phone)).toEqual(['Ana']);
      expect(await historyCards(phone)).toEqual([]);

      // Both record a set offline: recording waits for no server.
      await tablet.navigate('Workout');
      await expect.poll(() => athleteUp(tablet)).toBe('Ben');
      await recordDemoSet(tablet, 3, () => tablet.page.context().setOffline(true));
      await recordDemoSet(phone, 3, () => phone.page.context().setOffline(true));
      for (const device of [tablet, phone]) {
        await openSync(device);
        await expect.poll(async () => syncFacts(device)).toMatchObject({ 'Last problem': expect.stringMatching(/^Offline: changes wait on this device/), 'Waiting to be sent': expect.stringMatching(/^\d+ changes?$/) });
      }

      // Back online, each pushes by itself; the coach sees both sessions, the athlete only hers.
      await tablet.page.context().setOffline(false);
      await phone.page.context().setOffline(false);
      for (const device of [tablet, phone]) await expect.poll(async () => (await syncFacts(device))['Waiting to be sent'], { timeout: 30_000 }).toBe('nothing');
      await syncNow(tablet);
      const coachSees = await historyCards(tablet);
      expect(coachSees).toHaveLength(2);
      expect(coachSees.some((card) => /Ana/.test(card))).toBe(true);
      expect(coachSees.some((card) => /Ben/.test(card))).toBe(true);
      await syncNow(phone);
      const athleteSees = await historyCards(phone);
      expect(athleteSees).toHaveLength(1);
      expect(athleteSees[0]).toMatch(/Ana/);
      expect(athleteSees[0]).not.toMatch(/Ben|Unknown athlete|other/);
      // The Team page counts the phone's session for Ana.
      await tablet.navigate('Team');
      await expect.poll(() => tablet.page.getByRole('list', { name: 'Athletes’ last sessions' }).getByRole('listitem').filter({ hasText: 'Ana' }).innerText()).toMatch(/m\/s/);

      // The phone's session opened on the tablet fetches its samples: the same reps as on the phone.
      const phoneReps = await openFirstSession(phone);
      await historyCards(tablet);
      await tablet.page.getByRole('list', { name: /^Finished sessions/ }).getByRole('listitem').filter({ hasText: 'Ana' }).getByRole('link', { name: /^Open the session of / }).click();
      expect(await sessionReps(tablet)).toEqual(phoneReps);

      // Another set on the tablet; the server is killed once it has taken the first push, before the tablet hears back.
      let killed = false;
      await tablet.page.route(`${server.base}/api/push`, async (route) => {
        if (killed) return route.continue();
        killed = true;
        const reply = await route.fetch();
        expect(reply.status()).toBe(200);
        await server.kill();
        await route.abort('connectionreset');
      });
      // While the server is down every device's requests fail, and Chromium logs each one.
      for (const device of contexts) device.problems.allowConsoleError(/Failed to load resource|ERR_CONNECTION/);
      await recordDemoSet(tablet, 3);
      await expect.poll(() => killed, { timeout: 30_000 }).toBe(true);
      await openSync(tablet);
      await expect.poll(async () => (await syncFacts(tablet))['Last problem'] ?? '', { timeout: 30_000 }).toMatch(/could not be reached/);
      await server.restart();
      await syncNow(tablet);
      await tablet.page.unroute(`${server.base}/api/push`);
      expect(await historyCards(tablet)).toHaveLength(3);
      await openSync(tablet);
      await expect.poll(async () => (await syncFacts(tablet))['Waiting to be sent']).toBe('nothing');

      // A second coach's device joining now gets the three sessions once each, and the last one's samples whole.
      const desktop = await openDevice(browser, baseUrl, { width: 1280, height: 800 });
      contexts.push(desktop);
      await joinTeam(desktop, server.base, server.coachCode, 'Club desktop');
      expect(await historyCards(desktop)).toEqual(await historyCards(tablet));
      const tabletReps = await openFirstSession(tablet);
      // Offline, a session it pulled without its samples says where they are and shows what its
      // record has; back online, it opens whole, with the tablet's reps, without being asked again.
      desktop.problems.allowConsoleError(/Failed to load resource|ERR_INTERNET_DISCONNECTED/);
      // The session page's code first, as the installed app's service worker (blocked in these tests) would keep it.
      await desktop.page.goto(new URL('/history/none', baseUrl).href);
      await desktop.page.getByText(/^This session is not kept on this device/).waitFor();
      await desktop.page.context().setOffline(true);
      await historyCards(desktop);
      await desktop.page.getByRole('link', { name: /^Open the session of / }).first().click();
      await desktop.page.getByText('The samples of this session are on the team server: they load once this device is online.', { exact: true }).waitFor();
      const record = await desktop.page.getByRole('list', { name: 'Sets of the session' }).getByRole('listitem').allInnerTexts();
      expect(record.length).toBeGreaterThan(0);
      for (const line of record) expect(line.replace(/\u00a0/g, ' ')).toMatch(/^.+, set \d+: .+ · \d+ reps? · best \d\.\d\d m\/s/);
      await expectUsable(desktop);
      await desktop.page.context().setOffline(false);
      expect(await sessionReps(desktop)).toEqual(tabletReps);
      const token = await tokenOf(desktop);
      const pulled = (await (await fetch(`${server.base}/api/pull?limit=1000`, { headers: { authorization: `Bearer ${token}` } })).json()) as { records: { kind: string }[] };
      expect(pulled.records.filter((r) => r.kind === 'session')).toHaveLength(3);
    } finally {
      for (const app of contexts) await app.page.context().close();
      await server.stop();
      for (const app of contexts) app.problems.assertNone();
    }
  });

  test('two coach devices rename one athlete at once: the later name everywhere; a clock an hour ahead is told and ordered right', { timeout: 300_000 }, async ({ bundle, browserWithoutBluetooth: browser }) => {
    const baseUrl = inject('baseUrl');
    const server = await startTeamServer(bundle, baseUrl);
    const contexts: App[] = [];
    try {
      const tablet = await openDevice(browser, baseUrl, TABLET);
      const desktop = await openDevice(browser, baseUrl, { width: 1280, height: 800 });
      contexts.push(tablet, desktop);
      await installClockShift(desktop);
      await desktop.page.reload();
      await joinTeam(tablet, server.base, server.coachCode, 'Coach’s tablet');
      await tablet.navigate('Workout');
      await addAthlete(tablet, 'Ana', 61);
      await syncNow(tablet);
      await joinTeam(desktop, server.base, server.coachCode, 'Club desktop');
      await expect.poll(() => rosterNames(desktop)).toContain('Ana');
      await rosterNames(tablet);

      // Offline, both rename Ana, the tablet a moment later: its name is the one everywhere.
      await desktop.page.context().setOffline(true);
      await tablet.page.context().setOffline(true);
      await renameAthlete(desktop, 'Ana', 'Ana D.');
      await desktop.page.waitForTimeout(300);
      await renameAthlete(tablet, 'Ana', 'Ana T.');
      await desktop.page.context().setOffline(false);
      await tablet.page.context().setOffline(false);
      await syncNow(desktop);
      await syncNow(tablet);
      await syncNow(desktop);
      expect(await rosterNames(tablet)).toContain('Ana T.');
      expect(await rosterNames(desktop)).toContain('Ana T.');
      expect(await rosterNames(desktop)).not.toContain('Ana D.');

      // The desktop's clock jumps an hour ahead. Offline, it renames Ana; a moment later the tablet does.
      await shiftClock(desktop, 3_600_000);
      await desktop.page.context().setOffline(true);
      await renameAthlete(desktop, 'Ana T.', 'Ana (desktop, clock ahead)');
      await desktop.page.waitForTimeout(300);
      await renameAthlete(tablet, 'Ana T.', 'Ana (tablet)');
      await syncNow(tablet);
      await desktop.page.context().setOffline(false);
      await syncNow(desktop);
      // The server refused the desktop's stamp from the future; re-timed to when it was made, it came before the tablet's.
      expect(await rosterNames(desktop)).toContain('Ana (tablet)');
      await openSync(desktop);
      await desktop.page.getByText(/^This device’s clock was 60 min ahead of the team server’s: 1 edit made here took the time it was made by the server’s clock\.$/).waitFor();
      expect(await syncFacts(desktop)).toMatchObject({ Clock: 'This device’s clock is 60 min ahead of the team server’s: edits made here are timed by the server’s clock.' });
      await syncNow(tablet);
      expect(await rosterNames(tablet)).toContain('Ana (tablet)');

      // Its clock still an hour ahead, the desktop's next edit, made after the tablet's, wins everywhere.
      await renameAthlete(tablet, 'Ana (tablet)', 'Ana again');
      await syncNow(tablet);
      await syncNow(desktop);
      await renameAthlete(desktop, 'Ana again', 'Ana, last');
      await syncNow(desktop);
      await syncNow(tablet);
      expect(await rosterNames(tablet)).toContain('Ana, last');
      expect(await rosterNames(desktop)).toContain('Ana, last');
    } finally {
      for (const app of contexts) await app.page.context().close();
      await server.stop();
      for (const app of contexts) app.problems.assertNone();
    }
  });
});

/** The page fits its width and axe-core finds no serious or critical violation on it. */
async function expectUsable(app: App): Promise<void> {
  expect(await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(app.page)).toEqual([]);
}

/** Opens the History's first session and reads its reps from the table (every set's rows). */
async function openFirstSession(app: App): Promise<string[][]> {
  await historyCards(app);
  await app.page.getByRole('link', { name: /^Open the session of / }).first().click();
  return sessionReps(app);
}

async function sessionReps(app: App): Promise<string[][]> {
  await app.viewToggle('Table').click();
  await expect.poll(() => app.page.getByRole('table').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  return app.page.getByRole('table').evaluateAll((tables) => tables.map((t) => Array.from(t.querySelectorAll('tbody tr'), (tr) => (tr as HTMLElement).innerText)));
}
