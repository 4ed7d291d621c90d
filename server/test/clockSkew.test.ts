import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/log/codec';
import { createEditClock, parseStamp } from '../../src/log/stamp';
import type { Athlete } from '../../src/rules/athletes';
import type { Database } from '../src/db/database';
import { athlete } from './fixtures';
import { startTeam, T0, testDatabase, type TestDevice } from './harness';

const HOUR = 3_600_000;
const MINUTE = 60_000;

let db: Database;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db.close();
});

/** The athlete's name register edited on a device: a new name, stamped by its clock. */
const renamed = (a: Athlete, name: string, stamp: string, at: number): Athlete => ({ ...a, name, modifiedAt: at, stamps: { ...a.stamps, name: stamp } });

async function pulledAthletes(device: TestDevice): Promise<Athlete[]> {
  return (await device.pull()).body.records.map((r: { record: unknown }) => decode(r.record) as Athlete);
}

describe('a device whose clock is an hour off', () => {
  it('an hour ahead, is refused and told the server’s time, and its edits stamped again by that time are taken', async () => {
    const team = await startTeam(db);
    const [tablet, fast] = [await team.coach('tablet'), await team.coach('phone an hour ahead')];
    const ana = athlete('ana', 'Ana');
    await tablet.push([{ kind: 'athlete', record: ana }]);
    team.clock.now = T0 + 10 * MINUTE;
    const phoneNow = () => team.clock.now + HOUR;
    const clock = createEditClock({ node: fast.deviceId, now: phoneNow });
    const refused = await fast.push([{ kind: 'athlete', record: renamed(ana, 'Ana (phone)', clock.next(), phoneNow()) }]);
    expect(refused.body.results[0]).toMatchObject({ status: 'refused', reason: 'clock-ahead' });
    expect(refused.body.results[0].message).toMatch(/60 min ahead of the server’s clock \(2025-06-02T07:10:00.000Z; 5 min allowed\)/);
    expect(refused.body.serverTime).toBe(T0 + 10 * MINUTE);

    // The device learns its offset from serverTime, starts its clock again from what it has seen, and stamps its unsent edit again.
    const offset = refused.body.serverTime - phoneNow();
    const corrected = createEditClock({ node: fast.deviceId, now: phoneNow, offsetMs: () => offset });
    for (const seen of await pulledAthletes(fast)) for (const s of Object.values(seen.stamps ?? {})) corrected.observe(s);
    const restamped = corrected.next();
    expect(parseStamp(restamped).ms).toBe(T0 + 10 * MINUTE);
    const taken = await fast.push([{ kind: 'athlete', record: renamed(ana, 'Ana (phone)', restamped, T0 + 10 * MINUTE) }]);
    expect(taken.body.results[0].status).toBe('stored');

    // A coach's edit made a minute later on a correct clock is later, as it should be.
    team.clock.now = T0 + 11 * MINUTE;
    const tabletClock = createEditClock({ node: tablet.deviceId, now: () => team.clock.now });
    await tablet.push([{ kind: 'athlete', record: renamed(ana, 'Ana (tablet)', tabletClock.next(), team.clock.now) }]);
    expect((await pulledAthletes(fast))[0]!.name).toBe('Ana (tablet)');
  });

  it('an hour behind, stamps an edit made after it has seen another device’s edit later than it, by its own clock or by the server’s', async () => {
    const team = await startTeam(db);
    const [tablet, slow, slowOffline] = [await team.coach('tablet'), await team.coach('phone an hour behind'), await team.coach('another phone an hour behind')];
    const ana = athlete('ana', 'Ana');
    await tablet.push([{ kind: 'athlete', record: ana }]);
    team.clock.now = T0 + 10 * MINUTE;
    const tabletClock = createEditClock({ node: tablet.deviceId, now: () => team.clock.now });
    await tablet.push([{ kind: 'athlete', record: renamed(ana, 'Ana (tablet)', tabletClock.next(), team.clock.now) }]);

    team.clock.now = T0 + 12 * MINUTE;
    const slowNow = () => team.clock.now - HOUR;
    // This phone pulled first: its clock observed the tablet's stamp (and no offset yet).
    const observing = createEditClock({ node: slow.deviceId, now: slowNow });
    for (const seen of await pulledAthletes(slow)) for (const s of Object.values(seen.stamps ?? {})) observing.observe(s);
    const after = observing.next();
    expect(parseStamp(after).ms).toBe(T0 + 10 * MINUTE);
    await slow.push([{ kind: 'athlete', record: renamed(ana, 'Ana (slow phone)', after, slowNow()) }]);
    expect((await pulledAthletes(tablet))[0]!.name).toBe('Ana (slow phone)');

    // This one saw nothing, but reads its clock through the offset the server's time gives.
    team.clock.now = T0 + 13 * MINUTE;
    const me = await slowOffline.request('GET', '/api/me');
    const offset = me.body.serverTime - slowNow();
    const offsetClock = createEditClock({ node: slowOffline.deviceId, now: slowNow, offsetMs: () => offset });
    const byServer = offsetClock.next();
    expect(parseStamp(byServer).ms).toBe(T0 + 13 * MINUTE);
    await slowOffline.push([{ kind: 'athlete', record: renamed(ana, 'Ana (second phone)', byServer, slowNow()) }]);
    expect((await pulledAthletes(tablet))[0]!.name).toBe('Ana (second phone)');

    // Without either, its edit is stamped an hour early and loses to the edits made since: it cannot win silently.
    const naive = createEditClock({ node: 'naive', now: slowNow });
    await slowOffline.push([{ kind: 'athlete', record: renamed(ana, 'Ana (naive)', naive.next(), slowNow()) }]);
    expect((await pulledAthletes(tablet))[0]!.name).toBe('Ana (second phone)');
  });
});
