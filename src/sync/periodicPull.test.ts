/**
 * A coach's device pulling while the app is open (periodicPull.ts), against a real team server:
 * a session an athlete's phone pushed reaches the coach's tablet at the next periodic run, with no
 * set or chance on the tablet; a periodic run never starts beside a run under way, while a retry
 * waits after a failure, or offline; an athlete's phone does not pull periodically.
 */
import { describe, expect, it as base } from 'vitest';
import { athlete, chunk, session } from '../../server/test/fixtures';
import { startTeamServer, type TeamServer } from '../../tests/unit/teamServerKit';
import { FIRST_RETRY_MS } from './backoff';
import { PULL_EVERY_MS, pullPeriodically } from './periodicPull';
import { manualTimers, syncDevice, type SyncDevice } from './testing/syncDevice';

const it = base.extend('server', { scope: 'file' }, async ({}, { onCleanup }) => {
  const server = await startTeamServer();
  onCleanup(() => server.close());
  return server;
});

async function joined(server: TeamServer, code: string, name: string): Promise<SyncDevice> {
  const device = await syncDevice({ name });
  await device.sync.join(server.base, code, name);
  return device;
}

/** A finished session of `athleteId` recorded on `device`, with two chunks. */
async function record(device: SyncDevice, id: string, athleteId: string): Promise<void> {
  await device.store.write([{ kind: 'session', record: session(id, [{ athleteId, fromUs: 0, velocities: [0.8, 0.7] }], { at: device.now() }) }]);
  await device.store.write([0, 1].map((seq) => ({ kind: 'chunk' as const, record: chunk(id, seq) })));
}

/** The runs a device started: each begins by checking its token. */
const runs = (device: SyncDevice) => device.network.requests.filter((r) => r === 'GET /api/me').length;

describe('the periodic pull', { timeout: 90_000 }, () => {
  it('brings an athlete’s session to the coach’s tablet every minute, and never on the athlete’s phone', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await joined(server, coachCode, 'tablet');
    await tablet.store.write([{ kind: 'athlete', record: athlete('ana-p', 'Ana') }]);
    await tablet.sync.syncNow();
    const phone = await joined(server, (await tablet.sync.inviteAthlete('ana-p')).code, 'Ana’s phone');

    const onTablet = manualTimers();
    const onPhone = manualTimers();
    const stops = [pullPeriodically(tablet.sync, onTablet.after), pullPeriodically(phone.sync, onPhone.after)];
    try {
      expect(onTablet.pending).toEqual([PULL_EVERY_MS]);
      await record(phone, 'p1', 'ana-p');
      await phone.sync.syncNow();
      expect(await tablet.store.session('p1')).toBeUndefined();

      const ended = tablet.runEnded();
      onTablet.fireAll();
      expect((await ended).problem).toBeNull();
      expect(await tablet.store.session('p1')).toBeDefined();
      // And again a minute later.
      expect(onTablet.pending).toEqual([PULL_EVERY_MS]);

      const asked = phone.network.requests.length;
      onPhone.fireAll();
      expect(phone.network.requests.length).toBe(asked);
      expect(onPhone.pending).toEqual([PULL_EVERY_MS]);
    } finally {
      for (const stop of stops) stop();
    }
    expect(onTablet.pending).toEqual([]);
  });

  it('starts no run beside one under way, while a retry waits after a failure, or offline', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await joined(server, coachCode, 'tablet');
    const periodic = manualTimers();
    const stop = pullPeriodically(tablet.sync, periodic.after);
    try {
      // A run under way (a set just ended): the periodic one is not queued after it.
      const before = runs(tablet);
      const ended = tablet.runEnded();
      tablet.sync.request('set');
      periodic.fireAll();
      await ended;
      // A run queued after it would have started by the next task.
      await new Promise((next) => setTimeout(next));
      expect(tablet.sync.status.value.running).toBe(false);
      expect(runs(tablet) - before).toBe(1);

      // A failed run: its retry waits for the backoff, and the periodic pull leaves it so.
      tablet.network.dropRequests({ match: /^GET \/api\/me$/ });
      const failed = tablet.runEnded();
      tablet.sync.request('set');
      expect((await failed).retryAt).not.toBeNull();
      const afterFailure = tablet.network.requests.length;
      periodic.fireAll();
      expect(tablet.network.requests.length).toBe(afterFailure);
      expect(tablet.timers.pending).toEqual([FIRST_RETRY_MS]);
      const retried = tablet.runEnded();
      tablet.timers.fireAll();
      expect((await retried).problem).toBeNull();

      // Offline: nothing is sent, and the status is not touched.
      tablet.network.offline = true;
      const status = tablet.sync.status.value;
      const sent = tablet.network.requests.length;
      periodic.fireAll();
      expect(tablet.network.requests.length).toBe(sent);
      expect(tablet.sync.status.value).toBe(status);
    } finally {
      stop();
    }
  });
});
