import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/log/codec';
import type { Database } from '../src/db/database';
import { athlete, chunk, exercise, session, stamp } from './fixtures';
import { startTeam, T0, testDatabase, type TestTeam } from './harness';

let db: Database;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db.close();
});

/** What the team holds: its version and every row, so a refusal can be shown to have stored nothing. */
async function holdings(team: TestTeam): Promise<string> {
  const rows = await Promise.all(['athletes', 'exercises', 'sessions', 'orders', 'chunks', 'gaps'].map((t) => db.query(`select * from ${t} where team_id = $1 order by 1, 2`, [team.teamId])));
  const [version] = await db.query('select version from teams where id = $1', [team.teamId]);
  return JSON.stringify({ version, rows });
}

const anon = (team: TestTeam, method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: string) => team.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

describe('a request without a valid token', () => {
  it('gets 401 with a reason: no token, a wrong one, a malformed header, a token in the URL', async () => {
    const team = await startTeam(db);
    const tablet = await team.coach();
    for (const [headers, reason] of [
      [{}, 'no-token'],
      [{ authorization: `Bearer ${'A'.repeat(43)}` }, 'bad-token'],
      [{ authorization: tablet.token }, 'no-token'],
      [{ authorization: `Basic ${tablet.token}` }, 'no-token'],
    ] as const) {
      const res = await anon(team, 'GET', '/api/pull', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ reason });
    }
    expect((await anon(team, 'GET', `/api/pull?token=${tablet.token}`)).statusCode).toBe(401);
  });

  it('gets 401 at once after the device is revoked, or leaves the team', async () => {
    const team = await startTeam(db);
    const [tablet, phone, laptop] = [await team.coach('tablet'), await team.coach('phone'), await team.coach('laptop')];
    expect((await phone.pull()).status).toBe(200);
    const devices = await tablet.request('GET', '/api/devices');
    expect(devices.body.devices.map((d: { name: string; thisDevice: boolean }) => [d.name, d.thisDevice]).sort()).toEqual([['laptop', false], ['phone', false], ['tablet', true]]);
    expect((await tablet.request('POST', `/api/devices/${phone.deviceId}/revoke`)).status).toBe(200);
    const res = await phone.pull();
    expect(res.status).toBe(401);
    expect(res.body.reason).toBe('bad-token');
    expect((await phone.push([{ kind: 'athlete', record: athlete('x', 'X') }])).status).toBe(401);
    expect((await laptop.request('POST', '/api/me/leave')).status).toBe(200);
    expect((await laptop.pull()).status).toBe(401);
    const listed = (await tablet.request('GET', '/api/devices')).body.devices;
    expect(listed.filter((d: { revokedAt: number | null }) => d.revokedAt !== null)).toHaveLength(2);
  });
});

describe('another origin', () => {
  it('may call the API from the app’s origins only, with bearer tokens and no cookies', async () => {
    const team = await startTeam(db, { appOrigins: ['https://app.example.org'] });
    const preflight = (origin: string) => anon(team, 'OPTIONS' as 'GET', '/api/pull', { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' });
    const allowed = await preflight('https://app.example.org');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.org');
    expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('joining', () => {
  it('takes a coach’s code several times until it expires, an athlete’s once, and neither after it expired', async () => {
    const team = await startTeam(db);
    const tablet = await team.coach();
    await team.coach('desktop');
    await tablet.push([{ kind: 'athlete', record: athlete('ana', 'Ana') }]);
    const code = (await tablet.request('POST', '/api/join-codes', { role: 'athlete', athleteId: 'ana' })).body;
    expect(code).toMatchObject({ role: 'athlete', athleteId: 'ana', expiresAt: T0 + 7 * 24 * 3_600_000 });
    const phone = await team.join(code.code.toLowerCase().replace('-', ' '), 'Ana’s phone');
    expect(phone).toMatchObject({ role: 'athlete', athleteId: 'ana' });
    await expect(team.join(code.code)).rejects.toThrow(/401.*bad-code/);
    team.clock.now = T0 + 24 * 3_600_000;
    await expect(team.coach('too late')).rejects.toThrow(/401.*bad-code/);
    expect((await phone.request('POST', '/api/join-codes', { role: 'coach' })).status).toBe(403);
    const unknown = await tablet.request('POST', '/api/join-codes', { role: 'athlete', athleteId: 'nobody' });
    expect(unknown.status).toBe(409);
    expect(unknown.body.reason).toBe('unknown-athlete');
  });

  it('is rate-limited per address', async () => {
    const team = await startTeam(db, { requestsPerMinute: 1000 });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await anon(team, 'POST', '/api/join', { 'content-type': 'application/json' }, JSON.stringify({ code: 'AAAAA-AAAAA', deviceName: 'guess' }))).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('an athlete’s device', () => {
  it('never receives another athlete’s figures, ratings or notes, and cannot ask for them', async () => {
    const team = await startTeam(db);
    const tablet = await team.coach();
    const shared = session('shared', [{ athleteId: 'ana', fromUs: 0, velocities: [0.81, 0.78], mass: 55.5 }, { athleteId: 'ben', fromUs: 60_000_000, velocities: [0.97, 0.93], mass: 77.7 }], {
      notes: [{ atUs: 2_000_000, rpe: 7, note: 'Ana: knees in', stamps: { rpe: stamp(T0), note: stamp(T0) } }, { atUs: 62_000_000, rpe: 9, note: 'Ben: back pain', stamps: { rpe: stamp(T0), note: stamp(T0) } }],
    });
    const bensOwn = session('bens', [{ athleteId: 'ben', fromUs: 0, velocities: [1.01] }]);
    await tablet.push([
      { kind: 'athlete', record: athlete('ana', 'Ana') },
      { kind: 'athlete', record: athlete('ben', 'Ben') },
      { kind: 'exercise', record: exercise('ex-1', 'Sled pull') },
      { kind: 'session', record: shared },
      { kind: 'session', record: bensOwn },
      { kind: 'chunk', record: chunk('shared', 0, 200, 0) },
      { kind: 'chunk', record: chunk('shared', 1, 200, 61_000_000) },
      { kind: 'order', record: { order: { day: '2025-06-02', athleteIds: ['ana', 'ben'], current: 'ben' }, stamp: stamp(T0), modifiedAt: T0 } },
    ]);
    const phone = await team.athlete(tablet, 'ana');
    const res = await phone.pull();
    const text = JSON.stringify(res.body);
    for (const secret of ['ben', 'Ben', '77.7', '0.97', '0.93', 'back pain', '"rpe":9', 'bens']) expect(text).not.toContain(secret);
    const records = res.body.records.map((r: { kind: string; record: unknown }) => ({ kind: r.kind, record: decode(r.record) }));
    expect(records.map((r: { kind: string; record: { id: string } }) => `${r.kind} ${r.record.id}`)).toEqual(['athlete ana', 'exercise ex-1', 'session shared']);
    const seen = records[2].record;
    expect(seen.sets.map((s: { athleteId: string }) => s.athleteId)).toEqual(['ana']);
    expect(seen.notes).toEqual([expect.objectContaining({ note: 'Ana: knees in', rpe: 7 })]);
    expect(seen.summary).toEqual({ reps: 2, best: { value: 0.81, metric: 'velocity', phase: 'concentric' } });
    expect(seen.settings.tags.map((t: { athleteId: string }) => t.athleteId)).toEqual(['ana', 'other']);

    const samples = await phone.request('GET', '/api/sessions/shared/samples');
    expect(samples.status).toBe(200);
    const chunks = samples.body.chunks.map(decode);
    expect(chunks.map((c: { seq: number }) => c.seq)).toEqual([0]);
    for (const [url, reason] of [
      ['/api/sessions/bens/samples', 'forbidden'],
      ['/api/sessions/shared/samples/state', 'forbidden'],
      ['/api/devices', 'forbidden'],
    ]) {
      const denied = await phone.request('GET', url!);
      expect(denied.status).toBe(403);
      expect(denied.body.reason).toBe(reason);
    }
  });

  it('writes its own sessions whole, only its athlete’s notes and place in others, and nothing else', async () => {
    const team = await startTeam(db);
    const tablet = await team.coach();
    const shared = session('shared', [{ athleteId: 'ana', fromUs: 0, velocities: [0.81] }, { athleteId: 'ben', fromUs: 60_000_000, velocities: [0.97] }]);
    await tablet.push([{ kind: 'athlete', record: athlete('ana', 'Ana') }, { kind: 'athlete', record: athlete('ben', 'Ben') }, { kind: 'session', record: shared }]);
    const phone = await team.athlete(tablet, 'ana');
    const mine = session('mine', [{ athleteId: 'ana', fromUs: 0, velocities: [0.7] }], { device: 'phone' });
    const later = stamp(T0 + 1000, 'phone');
    const seen = decode((await phone.pull()).body.records.find((r: { kind: string }) => r.kind === 'session').record) as typeof shared;
    const edited = {
      ...seen,
      notes: [{ atUs: 2_000_000, rpe: 6, note: 'felt fast', stamps: { rpe: later, note: later } }, { atUs: 61_500_000, rpe: 1, note: 'Ben was lazy', stamps: { rpe: later, note: later } }],
      removedAthletes: { ana: later, ben: later },
      sets: [],
      stamps: { ...seen.stamps, sets: later },
    };
    const res = await phone.push([
      { kind: 'session', record: mine },
      { kind: 'chunk', record: chunk('mine', 0) },
      { kind: 'session', record: edited },
      { kind: 'chunk', record: chunk('shared', 0) },
      { kind: 'session', record: { id: 'shared', deleted: later, modifiedAt: T0 + 1000 } },
      { kind: 'athlete', record: { ...athlete('ana', 'Ana the Great'), stamps: { name: later } } },
      { kind: 'exercise', record: exercise('ex-2', 'Phone exercise') },
    ]);
    expect(res.body.results.map((r: { status: string; reason?: string }) => r.reason ?? r.status)).toEqual(['stored', 'stored', 'stored', 'forbidden', 'forbidden', 'forbidden', 'forbidden']);
    expect(res.body.results[2].ignored).toMatch(/left out: notes of sets that are not its athlete’s, taking out other athletes, changes to its recording, tags or sets/);
    const full = (await tablet.pull()).body.records.map((r: { kind: string; record: unknown }) => decode(r.record)) as { id: string }[];
    const kept = full.find((r) => r.id === 'shared') as typeof shared;
    expect(kept.sets!.map((s) => s.athleteId)).toEqual(['ana', 'ben']);
    expect(kept.notes).toEqual([expect.objectContaining({ atUs: 2_000_000, note: 'felt fast' })]);
    expect(kept.removedAthletes).toEqual({ ana: later });
    expect(full.find((r) => r.id === 'mine')).toBeDefined();
    expect(full.find((r) => r.id === 'ana')).toMatchObject({ name: 'Ana' });
  });
});

describe('a malformed, oversized or unauthorised request', () => {
  it('gets a 4xx with a reason and stores nothing', async () => {
    const team = await startTeam(db, { bodyLimit: 64 * 1024 });
    const [tablet] = [await team.coach()];
    await tablet.push([{ kind: 'athlete', record: athlete('ana', 'Ana') }]);
    const phone = await team.athlete(tablet, 'ana');
    const before = await holdings(team);
    const big = JSON.stringify({ records: Array.from({ length: 40 }, (_, i) => ({ kind: 'chunk', record: { sessionId: 'x', seq: i, timeUs: { $f64: 'A'.repeat(4000) }, angleDeg: { $f64: 'A'.repeat(4000) } } })) });
    const bomb = gzipSync(JSON.stringify({ records: [{ kind: 'athlete', record: { id: 'bomb', name: ' '.repeat(10_000_000) } }] }));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const cases: [Promise<{ status: number; body: { reason?: string } }>, number, string][] = [
      [tablet.request('POST', '/api/push', big, { 'content-type': 'application/json' }), 413, 'too-large'],
      [tablet.request('POST', '/api/push', bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' }), 413, 'too-large'],
      [tablet.request('POST', '/api/push', '{"records": [', { 'content-type': 'application/json' }), 400, 'malformed-json'],
      [tablet.request('POST', '/api/push', Buffer.from('not gzip at all'), { 'content-type': 'application/json', 'content-encoding': 'gzip' }), 400, 'malformed-body'],
      [tablet.request('POST', '/api/push', '{"records": [{"kind": "spell", "record": {}}]}', { 'content-type': 'application/json' }), 400, 'invalid-request'],
      [tablet.request('POST', '/api/push', '{"records": [], "drop": "table"}', { 'content-type': 'application/json' }), 400, 'invalid-request'],
      [tablet.request('POST', '/api/push', JSON.stringify({ records: Array.from({ length: 1001 }, () => ({ kind: 'athlete', record: {} })) }), { 'content-type': 'application/json' }), 400, 'invalid-request'],
      [tablet.request('POST', '/api/push', 'records=1', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported-media-type'],
      [phone.push([{ kind: 'athlete', record: { ...athlete('ana', 'Ana'), name: 'Hacked', stamps: { name: stamp(T0 + 1) } } }]) as Promise<{ status: number; body: { reason?: string } }>, 200, ''],
      [phone.request('POST', '/api/devices/x/revoke'), 403, 'forbidden'],
      [tablet.request('POST', '/api/devices/nobody/revoke'), 404, 'not-found'],
      [tablet.request('GET', '/api/pull?limit=100000'), 400, 'invalid-request'],
    ];
    for (const [pending, status, reason] of cases) {
      const res = await pending;
      expect(res.status, reason).toBe(status);
      if (reason !== '') expect(res.body.reason).toBe(reason);
    }
    expect(await holdings(team)).toBe(before);
  });

  it('never shows the token in the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const team = await startTeam(db, { logger: { level: 'trace', stream } });
    const tablet = await team.coach();
    await tablet.pull();
    await tablet.request('GET', '/api/nowhere');
    await tablet.push([{ kind: 'athlete', record: { id: 'broken' } }]);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('')).not.toContain(tablet.token);
  });
});

describe('SQL metacharacters', () => {
  it('in every string field are stored and read back verbatim', async () => {
    const team = await startTeam(db);
    const tablet = await team.coach();
    const nasty = "Robert'); drop table athletes;-- \\ \" $1 %s \u0000 ' or 1=1 /* */ ; \\x00 é 🏋";
    // Ids are columns too, where PostgreSQL keeps no NUL (refused: see below); every other string keeps it.
    const id = `id-${nasty.replace('\u0000', '')}`;
    const a = { ...athlete(id, 'x'), name: nasty.slice(0, 60).trim(), settings: { ...athlete(id, 'x').settings, exerciseId: nasty, plates: { [nasty]: [1, 0, 0, 0, 0] } } };
    const e = { ...exercise(`ex-${id}`, 'x'), name: nasty.slice(0, 60).trim() };
    const s = session(`s-${id}`, [{ athleteId: id, fromUs: 0, velocities: [0.8] }], { device: nasty, notes: [{ atUs: 2_000_000, rpe: 5, note: nasty, stamps: { note: stamp(T0, nasty) } }] });
    const c = chunk(`s-${id}`, 0);
    const res = await tablet.push([{ kind: 'athlete', record: a }, { kind: 'exercise', record: e }, { kind: 'session', record: s }, { kind: 'chunk', record: c }]);
    expect(res.body.results?.map((r: { status: string; message?: string }) => r.message ?? r.status), JSON.stringify(res.body)).toEqual(['stored', 'stored', 'stored', 'stored']);
    const back = (await tablet.pull()).body.records.map((r: { record: unknown }) => decode(r.record));
    expect(back[0]).toMatchObject({ id, name: a.name, settings: { exerciseId: nasty, plates: { [nasty]: [1, 0, 0, 0, 0] } } });
    expect(back[1]).toMatchObject({ id: e.id, name: e.name });
    expect(back[2]).toMatchObject({ id: s.id, notes: [{ note: nasty, stamps: { note: stamp(T0, nasty) } }], settings: { tags: [{ athleteId: id }] } });
    const samples = await tablet.request('GET', `/api/sessions/${encodeURIComponent(s.id)}/samples`);
    expect(samples.status).toBe(200);
    expect(decode(samples.body.chunks[0])).toMatchObject({ sessionId: s.id, seq: 0 });
    expect((await db.query('select count(*)::int as n from athletes where team_id = $1', [team.teamId]))[0]).toEqual({ n: 1 });
    const withNul = await tablet.push([{ kind: 'athlete', record: athlete(`a\u0000b`, 'Nul') }]);
    expect(withNul.body.results[0]).toMatchObject({ status: 'refused', reason: 'invalid', message: 'an id may not contain the NUL character' });
  });
});
