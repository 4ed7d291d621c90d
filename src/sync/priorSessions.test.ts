/**
 * An athlete's phone that trained alone before joining its coach's team, against a real team
 * server: the sessions of its own athletes are offered, stay on the phone unshared while the offer
 * is declined, and once accepted reach the coach as the team athlete's, samples and all, with the
 * phone's own athletes gone from its roster and nothing lost on it.
 */
import { describe, expect, it as base } from 'vitest';
import { athlete, chunk, session } from '../../server/test/fixtures';
import { startTeamServer, type TeamServer } from '../../tests/unit/teamServerKit';
import { listHistory } from '../journal/archive';
import { parseStamp } from '../log/stamp';
import { createAthlete } from '../rules/athletes';
import { syncDevice, type SyncDevice } from './testing/syncDevice';

const it = base.extend('server', { scope: 'file' }, async ({}, { onCleanup }) => {
  const server = await startTeamServer();
  onCleanup(() => server.close());
  return server;
});

const count = async (server: TeamServer, table: 'chunks' | 'sessions', sessionId: string) =>
  Number((await server.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${table === 'sessions' ? 'id' : 'session_id'} = $1`, [sessionId]))[0]!.n);

/** A finished session recorded on `device` for `athleteId`, with `chunks` one-second chunks of samples. */
async function record(device: SyncDevice, id: string, athleteId: string, velocities: number[], chunks: number, at: number): Promise<void> {
  await device.store.write([{ kind: 'session', record: session(id, [{ athleteId, fromUs: 0, velocities }], { at }) }]);
  await device.store.write(Array.from({ length: chunks }, (_, seq) => ({ kind: 'chunk' as const, record: chunk(id, seq) })));
}

/** A coach's tablet with Ana on the team, and a join code for Ana's phone. */
async function teamWithAna(server: TeamServer): Promise<{ tablet: SyncDevice; code: string }> {
  const { coachCode } = await server.newTeam();
  const tablet = await syncDevice({ name: 'tablet' });
  await tablet.sync.join(server.base, coachCode, 'tablet');
  await tablet.store.write([{ kind: 'athlete', record: athlete('ana-team', 'Ana') }]);
  return { tablet, code: (await tablet.sync.inviteAthlete('ana-team')).code };
}

describe('an athlete’s phone with sessions from before it joined', { timeout: 90_000 }, () => {
  it('offers them with their count; declined, nothing goes up; accepted, the coach gets both as Ana’s and the phone keeps Ana alone', async ({ server }) => {
    const { tablet, code } = await teamWithAna(server);
    const phone = await syncDevice({ name: 'phone' });
    const [first] = await phone.store.athletes();
    await phone.store.write([{ kind: 'athlete', record: createAthlete({ name: 'Ana', bodyMass: 58 }, { id: 'ana-local', now: phone.now() }) }]);
    await record(phone, 'alone-1', first!.id, [0.91, 0.88, 0.84], 3, phone.now() - 7 * 86_400_000);
    await record(phone, 'alone-2', 'ana-local', [0.95, 0.9], 2, phone.now() - 86_400_000);
    const before = await Promise.all(['alone-1', 'alone-2'].map((id) => phone.store.session(id)));

    await phone.sync.join(server.base, code, 'Ana’s phone');
    expect(phone.sync.status.value.problem).toBeNull();
    const offer = {
      athlete: { id: 'ana-team', name: 'Ana' },
      from: [
        { id: first!.id, name: 'Athlete 1', sessions: 1 },
        { id: 'ana-local', name: 'Ana', sessions: 1 },
      ],
      leaving: ['Athlete 1', 'Ana'],
      sessions: 2,
      allBeforeJoining: true,
    };
    expect(await phone.sync.priorSessions()).toEqual(offer);
    expect(await tablet.sync.priorSessions()).toBeNull();

    // Declined: the sessions stay on the phone only, and the offer stays.
    await phone.sync.syncNow();
    expect([await count(server, 'sessions', 'alone-1'), await count(server, 'sessions', 'alone-2')]).toEqual([0, 0]);
    expect(await phone.sync.priorSessions()).toEqual(offer);

    expect(await phone.sync.sharePriorSessions()).toBe(2);
    await phone.sync.syncNow();
    expect(phone.sync.status.value).toMatchObject({ problem: null, waiting: 0 });
    expect(await phone.sync.priorSessions()).toBeNull();
    expect([await count(server, 'chunks', 'alone-1'), await count(server, 'chunks', 'alone-2')]).toEqual([3, 2]);

    await tablet.sync.syncNow();
    const history = (await listHistory(tablet.store)).filter((h) => h.id.startsWith('alone-'));
    expect(history.map((h) => [h.id, h.athleteIds, h.sets!.map((s) => s.athleteId)]).sort()).toEqual([
      ['alone-1', ['ana-team'], ['ana-team']],
      ['alone-2', ['ana-team'], ['ana-team']],
    ]);
    // The edit is the phone's, stamped with its id in the team: it merges like any other.
    const phoneId = phone.sync.status.value.membership!.deviceId;
    expect(parseStamp((await tablet.store.session('alone-1'))!.stamps!.tags!).node).toBe(phoneId);

    // The phone's roster is the team's Ana alone; every session, set figure and sample is still on it.
    expect((await phone.store.athletes()).map((a) => [a.id, a.name, a.archived])).toEqual([['ana-team', 'Ana', false]]);
    const after = await Promise.all(['alone-1', 'alone-2'].map((id) => phone.store.session(id)));
    expect(after.map((s) => s!.sets!.map((set) => set.velocities))).toEqual(before.map((s) => s!.sets!.map((set) => set.velocities)));
    expect(after.map((s) => s!.summary)).toEqual(before.map((s) => s!.summary));
    expect([await phone.store.chunkCount('alone-1'), await phone.store.chunkCount('alone-2')]).toEqual([3, 2]);
  });

  it('keeps a phone athlete archived while a session still names them (their sets were taken out), and leaves an athlete from elsewhere alone', async ({ server }) => {
    const { code } = await teamWithAna(server);
    const phone = await syncDevice({ name: 'phone' });
    const [first] = await phone.store.athletes();
    // Ben came from a backup of the coach's log: stamped by another device, not the phone's own.
    await phone.store.merge([{ kind: 'athlete', record: athlete('ben-team', 'Ben') }], { from: 'file' });
    await record(phone, 'bens', 'ben-team', [0.8], 1, phone.now() - 2 * 86_400_000);
    await record(phone, 'kept', first!.id, [0.9], 1, phone.now() - 86_400_000);
    // A session whose sets of Athlete 1 were taken out: nobody's, and not the team's to see.
    await phone.store.write([{ kind: 'session', record: session('out', [{ athleteId: first!.id, fromUs: 0, velocities: [0.7] }, { athleteId: 'ben-team', fromUs: 5_000_000, velocities: [0.6] }]) }]);
    await phone.store.write([{ kind: 'removeAthlete', sessionId: 'out', athleteId: first!.id }]);
    await phone.sync.join(server.base, code, 'Ana’s phone');

    expect(await phone.sync.priorSessions()).toMatchObject({ sessions: 1, from: [{ id: first!.id, sessions: 1 }] });
    expect(await phone.sync.sharePriorSessions()).toBe(1);
    expect((await phone.store.athletes()).map((a) => [a.name, a.archived]).sort()).toEqual([
      ['Ana', false],
      ['Athlete 1', true],
      ['Ben', false],
    ]);
    expect((await phone.store.session('bens'))!.settings.tags!.map((t) => t.athleteId)).toEqual(['ben-team']);
    expect((await phone.store.session('out'))!.settings.tags!.map((t) => t.athleteId)).toEqual([first!.id, 'ben-team']);
  });
});
