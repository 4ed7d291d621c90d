/**
 * The sync client against a real team server (the server's own app on PGlite, in this process,
 * over HTTP): devices with their own journals join one team, push and pull until every device and
 * the server hold the same log, through offline spells, dropped requests, lost replies, a server
 * that stops answering, a clock an hour ahead, an athlete's phone, a revoked token and leaving.
 */
import { describe, expect, it as base } from 'vitest';
import { athlete, chunk, gap, session } from '../../server/test/fixtures';
import { startTeamServer, type TeamServer } from '../../tests/unit/teamServerKit';
import { canonical } from '../log/merge';
import { parseStamp } from '../log/stamp';
import type { Athlete } from '../rules/athletes';
import { listHistory } from '../journal/archive';
import { SYNC_KEY } from './membership';
import { FIRST_RETRY_MS } from './backoff';
import { syncDevice, type SyncDevice } from './testing/syncDevice';

const HOUR = 3_600_000;

/** One server for the file (each test makes its own team on it). */
const it = base.extend('server', { scope: 'file' }, async ({}, { onCleanup }) => {
  const server = await startTeamServer();
  onCleanup(() => server.close());
  return server;
});

/** A device joined to the team on `server` with `code` (a coach's, unless the code is an athlete's). */
async function joined(server: TeamServer, code: string, name = 'device', options: { skewMs?: number } = {}): Promise<SyncDevice> {
  const device = await syncDevice({ ...options, name });
  await device.sync.join(server.base, code, name);
  return device;
}

/** A finished session recorded on `device`: its record naming `turns`, `chunks` one-second chunks and one link gap. */
async function record(device: SyncDevice, id: string, turns: { athleteId: string; fromUs: number; velocities: number[] }[], chunks: number): Promise<void> {
  await device.store.write([{ kind: 'session', record: session(id, turns, { at: device.now() }) }]);
  for (let from = 0; from < chunks; from += 100) {
    await device.store.write(Array.from({ length: Math.min(100, chunks - from) }, (_, i) => ({ kind: 'chunk' as const, record: chunk(id, from + i) })));
  }
  await device.store.write([{ kind: 'gap', record: gap(id, 0, 2_500_000, 2_600_000) }]);
}

async function saveAthlete(device: SyncDevice, a: Athlete): Promise<void> {
  await device.store.write([{ kind: 'athlete', record: a }]);
}

async function rename(device: SyncDevice, id: string, name: string): Promise<void> {
  const kept = (await device.store.athletes()).find((a) => a.id === id)!;
  await saveAthlete(device, { ...kept, name, modifiedAt: device.now() });
}

const nameOf = async (device: SyncDevice, id: string) => (await device.store.athletes()).find((a) => a.id === id)?.name;
const serverName = async (server: TeamServer, id: string) => (JSON.parse((await server.db.query<{ record: string }>('select record from athletes where id = $1', [id]))[0]!.record) as Athlete).name;
const count = async (server: TeamServer, table: 'chunks' | 'gaps' | 'sessions', sessionId: string) =>
  Number((await server.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${table === 'sessions' ? 'id' : 'session_id'} = $1`, [sessionId]))[0]!.n);
const pushes = (device: SyncDevice) => device.network.requests.filter((r) => r === 'POST /api/push').length;

/** The log a device holds, as canonical text per kind (samples too). */
async function logOf(device: SyncDevice, sessionIds: readonly string[]): Promise<Record<string, string>> {
  const sessions = await Promise.all(sessionIds.map((id) => device.store.session(id)));
  const samples = await Promise.all(sessionIds.map(async (id) => canonical({ chunks: await device.store.chunks(id), gaps: await device.store.gaps(id) })));
  const athletes = (await device.store.athletes()).sort((a, b) => (a.id < b.id ? -1 : 1));
  return { athletes: canonical(athletes), sessions: canonical(sessions), samples: canonical(samples) };
}

describe('two coach devices', { timeout: 90_000 }, () => {
  it('end with the same log; the second gets the samples of a session when it opens it, bit for bit', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await syncDevice({ name: 'tablet' });
    await saveAthlete(tablet, athlete('ana-1', 'Ana'));
    await record(tablet, 's1', [{ athleteId: 'ana-1', fromUs: 0, velocities: [0.81, 0.78, 0.74] }], 650);
    await tablet.sync.join(server.base, coachCode, 'tablet');
    expect(tablet.sync.status.value).toMatchObject({ problem: null, waiting: 0, membership: { role: 'coach', deviceName: 'tablet' } });
    // The session record, then 650 chunks in requests of 250 and the gap: nothing twice.
    expect(pushes(tablet)).toBe(5);
    expect(await count(server, 'chunks', 's1')).toBe(650);
    expect(await count(server, 'gaps', 's1')).toBe(1);

    const desktop = await joined(server, coachCode, 'desktop');
    expect(desktop.sync.status.value.problem).toBeNull();
    // Its untouched first athlete gave way to the team's roster.
    expect((await desktop.store.athletes()).map((a) => a.id).sort()).toEqual((await tablet.store.athletes()).map((a) => a.id).sort());
    expect(canonical(await desktop.store.session('s1'))).toBe(canonical(await tablet.store.session('s1')));
    expect(await desktop.store.chunkCount('s1')).toBe(0);
    expect(await desktop.store.recordedHere('s1')).toBe(false);

    await desktop.sync.fetchSamples('s1');
    expect(await logOf(desktop, ['s1'])).toEqual(await logOf(tablet, ['s1']));
    // Fetched once: opening it again asks the server nothing.
    const asked = desktop.network.requests.length;
    await desktop.sync.fetchSamples('s1');
    expect(desktop.network.requests.length).toBe(asked);
    // What was pulled is not pushed back.
    await desktop.sync.syncNow();
    expect(pushes(desktop)).toBe(0);
  });

  it('rename one athlete at once: both keep the later name, on the server too', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await joined(server, coachCode, 'tablet');
    await saveAthlete(tablet, athlete('ben-2', 'Ben'));
    await tablet.sync.syncNow();
    const desktop = await joined(server, coachCode, 'desktop');
    tablet.network.offline = true;
    desktop.network.offline = true;
    await rename(desktop, 'ben-2', 'Benjamin');
    // Apart by more than the devices' offsets can err (half the shortest round trip each).
    await new Promise((resolve) => setTimeout(resolve, 100));
    await rename(tablet, 'ben-2', 'Ben T.');
    tablet.network.goOnline();
    desktop.network.goOnline();
    await tablet.sync.syncNow();
    await desktop.sync.syncNow();
    await tablet.sync.syncNow();
    expect(await nameOf(tablet, 'ben-2')).toBe('Ben T.');
    expect(await nameOf(desktop, 'ben-2')).toBe('Ben T.');
    expect(await serverName(server, 'ben-2')).toBe('Ben T.');
  });
});

describe('offline first', { timeout: 90_000 }, () => {
  it('records while offline, says it waits, and pushes once the browser is back online', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await joined(server, coachCode, 'tablet');
    tablet.network.offline = true;
    const before = tablet.network.requests.length;
    await record(tablet, 's2', [{ athleteId: 'x', fromUs: 0, velocities: [0.7] }], 3);
    tablet.sync.request('set');
    expect(tablet.network.requests.length).toBe(before);
    expect(tablet.sync.status.value).toMatchObject({ offline: true, problem: expect.stringMatching(/^Offline: changes wait on this device/) });

    tablet.network.goOnline();
    expect(await tablet.runEnded()).toMatchObject({ running: false, lastSyncAt: expect.any(Number), waiting: 0, offline: false, problem: null });
    expect(await count(server, 'chunks', 's2')).toBe(3);
  });
});

describe('dropped requests and lost replies', { timeout: 90_000 }, () => {
  it('change nothing twice and lose nothing: the retry after a lost reply is answered unchanged and resumes the samples where the server stopped', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await joined(server, coachCode, 'tablet');
    await record(tablet, 's3', [{ athleteId: 'x', fromUs: 0, velocities: [0.9, 0.85] }], 600);
    // The reply to the second request of chunks is lost: the server committed 500 chunks.
    tablet.network.dropReplies({ match: /^POST \/api\/push$/, after: 2 });
    await tablet.sync.syncNow();
    expect(tablet.sync.status.value.problem).toMatch(/could not be reached/);
    expect(tablet.timers.pending).toEqual([FIRST_RETRY_MS]);
    expect(await count(server, 'chunks', 's3')).toBe(500);

    // The retry's first request is dropped: the wait doubles.
    tablet.network.dropRequests({ match: /^GET \/api\/me$/ });
    tablet.timers.fireAll();
    await tablet.runEnded();
    expect(tablet.timers.pending).toEqual([2 * FIRST_RETRY_MS]);

    const before = pushes(tablet);
    tablet.timers.fireAll();
    expect((await tablet.runEnded()).problem).toBeNull();
    // The records again (answered unchanged), then only the 100 chunks the server lacked, and the gap.
    expect(pushes(tablet) - before).toBe(3);
    expect(await count(server, 'chunks', 's3')).toBe(600);
    expect(await count(server, 'sessions', 's3')).toBe(1);
    expect(tablet.sync.status.value).toMatchObject({ problem: null, waiting: 0, retryAt: null });
    expect(tablet.timers.pending).toEqual([]);

    const desktop = await joined(server, coachCode, 'desktop');
    await desktop.sync.fetchSamples('s3');
    expect(await logOf(desktop, ['s3'])).toEqual(await logOf(tablet, ['s3']));
  });

  it('back off while the server is down: a set waits for the backoff, the foreground tries at once, and a run after it comes back resets the wait', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await joined(server, coachCode, 'tablet');
    await server.stop();
    try {
      await tablet.sync.syncNow();
      expect(tablet.timers.pending).toEqual([FIRST_RETRY_MS]);
      const asked = tablet.network.requests.length;
      await rename(tablet, (await tablet.store.athletes())[0]!.id, 'Cleo');
      tablet.sync.request('set');
      expect(tablet.network.requests.length).toBe(asked);
      tablet.timers.fireAll();
      await tablet.runEnded();
      expect(tablet.timers.pending).toEqual([2 * FIRST_RETRY_MS]);
      tablet.network.toForeground();
      await tablet.runEnded();
      expect(tablet.timers.pending).toEqual([4 * FIRST_RETRY_MS]);
      expect(tablet.network.requests.length).toBe(asked + 2);
    } finally {
      await server.start();
    }
    tablet.timers.fireAll();
    // The run's end says in one piece that it went well and that nothing waits any more.
    expect(await tablet.runEnded()).toMatchObject({ problem: null, waiting: 0, retryAt: null });
    await server.stop();
    try {
      await tablet.sync.syncNow();
      expect(tablet.timers.pending).toEqual([FIRST_RETRY_MS]);
    } finally {
      await server.start();
    }
  });
});

describe('a device whose clock is an hour ahead', { timeout: 90_000 }, () => {
  it('has its edit made before it knew refused, re-timed to when it was made, so a later edit elsewhere wins; its later edits win; it is told', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await joined(server, coachCode, 'tablet');
    await saveAthlete(tablet, athlete('ana-5', 'Ana'));
    await tablet.sync.syncNow();
    const phone = await joined(server, coachCode, 'phone');
    // The phone's clock jumps an hour ahead; offline, it renames Ana; a moment later the tablet does.
    phone.skew(HOUR);
    phone.network.offline = true;
    await rename(phone, 'ana-5', 'Ana (phone)');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await rename(tablet, 'ana-5', 'Ana (tablet)');
    await tablet.sync.syncNow();

    phone.network.goOnline();
    await phone.runEnded();
    expect(phone.sync.status.value.notice).toMatch(/^This device’s clock was 60 min ahead of the team server’s: 1 edit made here took the time it was made by the server’s clock\.$/);
    expect(phone.sync.status.value.problem).toBeNull();
    expect(await nameOf(phone, 'ana-5')).toBe('Ana (tablet)');
    await tablet.sync.syncNow();
    expect(await nameOf(tablet, 'ana-5')).toBe('Ana (tablet)');
    // Its own stamp now reads the server's time, not an hour on.
    const phoneStamp = (await phone.store.athletes()).find((a) => a.id === 'ana-5')!.stamps!.name!;
    expect(Math.abs(parseStamp(phoneStamp).ms - Date.now())).toBeLessThan(60_000);
    // The offset is kept for the next visit.
    expect(JSON.parse(phone.storage.read(SYNC_KEY)!).offsetMs).toBeCloseTo(-HOUR, -4);

    // Knowing the offset, the phone's next edit, made after the tablet's, wins everywhere.
    await rename(tablet, 'ana-5', 'Ana T.');
    await tablet.sync.syncNow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await rename(phone, 'ana-5', 'Ana P.');
    await phone.sync.syncNow();
    await tablet.sync.syncNow();
    expect(await nameOf(tablet, 'ana-5')).toBe('Ana P.');
    expect(await nameOf(phone, 'ana-5')).toBe('Ana P.');
  });
});

describe('an athlete’s phone', { timeout: 90_000 }, () => {
  it('joins as its athlete, receives only their sets, shares only their sessions, and its redacted copies name no other athlete', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await joined(server, coachCode, 'tablet');
    await saveAthlete(tablet, athlete('ana-6', 'Ana'));
    await saveAthlete(tablet, athlete('ben-6', 'Ben'));
    await record(tablet, 's6', [{ athleteId: 'ana-6', fromUs: 0, velocities: [0.8] }, { athleteId: 'ben-6', fromUs: 2_000_000, velocities: [0.6, 0.5] }], 4);
    await tablet.sync.syncNow();
    const invite = await tablet.sync.inviteAthlete('ana-6');
    expect(invite).toMatchObject({ role: 'athlete', athleteId: 'ana-6', code: expect.stringMatching(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/) });

    const phone = await joined(server, invite.code, 'Ana’s phone');
    expect(phone.sync.status.value).toMatchObject({ problem: null, membership: { role: 'athlete', athleteId: 'ana-6' } });
    expect((await phone.store.athletes()).map((a) => a.name)).toEqual(['Ana']);
    const copy = (await phone.store.session('s6'))!;
    expect(copy.sets!.map((s) => s.athleteId)).toEqual(['ana-6']);
    expect((await listHistory(phone.store))[0]!.athleteIds).toEqual(['ana-6']);
    await phone.sync.fetchSamples('s6');
    expect(await phone.store.chunkCount('s6')).toBeLessThan(4);

    // Its own session of Ana goes up; its own edit of Ana stays on the phone, quietly.
    await record(phone, 's7', [{ athleteId: 'ana-6', fromUs: 0, velocities: [0.9] }], 2);
    await rename(phone, 'ana-6', 'Ana on her phone');
    await phone.sync.syncNow();
    expect(phone.sync.status.value).toMatchObject({ problem: null, waiting: 0 });
    expect(await count(server, 'chunks', 's7')).toBe(2);
    await tablet.sync.syncNow();
    expect(canonical(await tablet.store.session('s7'))).toBe(canonical(await phone.store.session('s7')));
    expect(await nameOf(tablet, 'ana-6')).toBe('Ana');

    // Revoked by the coach, it stops and keeps its log.
    const phoneId = phone.sync.status.value.membership!.deviceId;
    await tablet.sync.revoke(phoneId);
    await phone.sync.syncNow();
    expect(phone.sync.status.value).toMatchObject({ problem: expect.stringMatching(/no longer accepts this device/), membership: { refused: true } });
    const asked = phone.network.requests.length;
    phone.sync.request('foreground');
    expect(phone.network.requests.length).toBe(asked);
    expect(await phone.store.session('s7')).toBeDefined();
    expect((await tablet.sync.devices()).find((d) => d.id === phoneId)?.revokedAt).not.toBeNull();
  });
});

describe('leaving the team', { timeout: 90_000 }, () => {
  it('revokes the token, forgets it, keeps the log; without a connection a session pulled without samples says so', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await joined(server, coachCode, 'tablet');
    await record(tablet, 's8', [{ athleteId: 'x', fromUs: 0, velocities: [0.7] }], 2);
    await tablet.sync.syncNow();
    const desktop = await joined(server, coachCode, 'desktop');
    desktop.network.offline = true;
    await expect(desktop.sync.fetchSamples('s8')).rejects.toThrow('The samples of this session are on the team server: they load once this device is online.');
    desktop.network.goOnline();

    const desktopId = desktop.sync.status.value.membership!.deviceId;
    expect(await desktop.sync.leave()).toEqual({ told: true });
    expect(desktop.sync.status.value.membership).toBeNull();
    expect(desktop.storage.read(SYNC_KEY)).toBeNull();
    expect(await desktop.store.session('s8')).toBeDefined();
    expect((await tablet.sync.devices()).find((d) => d.id === desktopId)?.revokedAt).not.toBeNull();
  });
});
