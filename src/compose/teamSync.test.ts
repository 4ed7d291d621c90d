// @vitest-environment happy-dom
/**
 * The sync as the composed app wires it, against a real team server: no sync code starts on a
 * device in no team; a session pulled by another device opens there with the samples it fetches
 * first (the journal's `recorded`); an athlete's phone brings its athlete up once they arrive; and
 * Delete all data leaves the team.
 */
import { describe, expect } from 'vitest';
import { synthesizeSet } from '../device';
import { storeWithAthleteSessions, THREE_INERTIAS } from '../journal/testKit';
import { SYNC_KEY } from '../sync/membership';
import { endTestApp } from './testing/testApp';
import { it, teamDevice as device } from './testing/teamApp';

describe('the sync in the composed app', { timeout: 90_000 }, () => {
  it('starts nothing on a device in no team; a pulled session opens with its samples; an athlete’s phone brings its athlete up; Delete all data leaves', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await device(server, () => storeWithAthleteSessions(THREE_INERTIAS, synthesizeSet));
    const desktop = await device(server);
    const phone = await device(server);
    try {
      expect(tablet.app.journal.value!.sync.service.value).toBeNull();
      expect(tablet.network.requests).toEqual([]);

      const tabletSync = await tablet.app.journal.value!.sync.load();
      await tabletSync.join(server.base, coachCode, 'tablet');
      const [session] = await tablet.app.journal.value!.history();
      const onTablet = await tablet.app.journal.value!.recorded(session!.id);

      const desktopSync = await desktop.app.journal.value!.sync.load();
      await desktopSync.join(server.base, coachCode, 'desktop');
      const opened = await desktop.app.journal.value!.recorded(session!.id);
      expect(opened.reps.length).toBeGreaterThan(0);
      expect(opened.reps.map((r) => r.concentric.peakVelocity)).toEqual(onTablet.reps.map((r) => r.concentric.peakVelocity));
      expect(opened.loaded.samples.timeUs.length).toBe(onTablet.loaded.samples.timeUs.length);

      const athlete = (await tablet.app.journal.value!.athletes())[0]!;
      const code = await tabletSync.inviteAthlete(athlete.id);
      const phoneSync = await phone.app.journal.value!.sync.load();
      await phoneSync.join(server.base, code.code, 'phone');
      await expect.poll(() => phone.app.team.value?.store.athleteId.value).toBe(athlete.id);
      expect(phoneSync.status.value.membership?.broughtUp).toBe(true);

      await desktop.app.journal.value!.deleteAll();
      expect(desktop.app.ports.memory.read(SYNC_KEY)).toBeNull();
      const listed = await tabletSync.devices();
      expect(listed.find((d) => d.name === 'desktop')?.revokedAt).not.toBeNull();
    } finally {
      for (const d of [tablet, desktop, phone]) await endTestApp(d.app);
    }
  });
});
