import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/log/codec';
import { canonical, mergeAthletes, stampedSession } from '../../src/log/merge';
import type { Database } from '../src/db/database';
import { athlete, chunk, exercise, gap, session, stamp } from './fixtures';
import { startTeam, T0, testDatabase, type TestDevice } from './harness';

let db: Database;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db.close();
});

const ana = athlete('ana', 'Ana');
const ben = athlete('ben', 'Ben');
const squatPulls = session('s1', [{ athleteId: 'ana', fromUs: 0, velocities: [0.81, 0.78] }, { athleteId: 'ben', fromUs: 60_000_000, velocities: [0.9, 0.86] }]);
const order = { order: { day: '2025-06-02', athleteIds: ['ana', 'ben'], current: 'ana' }, stamp: stamp(T0), modifiedAt: T0 };

/** Every record a device pulls from `after`, page by page. */
async function pullAll(device: TestDevice, after?: string, limit = 500): Promise<{ records: { kind: string; record: unknown }[]; cursor: string; pages: number }> {
  const records: { kind: string; record: unknown }[] = [];
  let cursor = after;
  let pages = 0;
  for (;;) {
    const res = await device.pull(cursor, limit);
    expect(res.status).toBe(200);
    pages++;
    records.push(...res.body.records.map((r: { kind: string; record: unknown }) => ({ kind: r.kind, record: decode(r.record) })));
    cursor = res.body.cursor;
    if (!res.body.more) return { records, cursor: cursor!, pages };
  }
}

describe('a push', () => {
  it('stores each record, and another device pulls the same records back', async () => {
    const team = await startTeam(db);
    const [tablet, desktop] = [await team.coach('tablet'), await team.coach('desktop')];
    const res = await tablet.push([
      { kind: 'athlete', record: ana },
      { kind: 'athlete', record: ben },
      { kind: 'exercise', record: exercise('ex-1', 'Sled pull') },
      { kind: 'session', record: squatPulls },
      { kind: 'order', record: order },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['stored', 'stored', 'stored', 'stored', 'stored']);
    expect(res.body.version).toBe(5);
    expect(Math.abs(res.body.serverTime - T0)).toBe(0);
    const pulled = await pullAll(desktop);
    expect(pulled.records.map((r) => r.kind)).toEqual(['athlete', 'athlete', 'exercise', 'order', 'session']);
    expect(canonical(pulled.records[0]!.record)).toBe(canonical(mergeAthletes(ana, ana)));
    expect(canonical(pulled.records[4]!.record)).toBe(canonical(stampedSession(squatPulls)));
    expect(pulled.records[3]!.record).toEqual(order);
    expect(pulled.cursor).toBe('5');
  });

  it('changes nothing when it is sent again (a retry after a lost reply)', async () => {
    const team = await startTeam(db);
    const tablet = await team.coach();
    const batch = [
      { kind: 'athlete', record: ana },
      { kind: 'session', record: squatPulls },
      { kind: 'chunk', record: chunk('s1', 0) },
      { kind: 'gap', record: gap('s1', 0, 1_000_000, 2_000_000) },
      { kind: 'order', record: order },
    ];
    const first = await tablet.push(batch);
    const again = await tablet.push(batch);
    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged']);
    expect(again.body.version).toBe(first.body.version);
    expect((await pullAll(tablet, String(first.body.version))).records).toEqual([]);
  });

  it('that is partly refused says which records and why, and stores none of them', async () => {
    const team = await startTeam(db);
    const tablet = await team.coach();
    const res = await tablet.push([
      { kind: 'athlete', record: ana },
      { kind: 'athlete', record: { ...ben, bodyMass: -3 } },
      { kind: 'athlete', record: { ...athlete('cy', 'Cy'), stamps: { name: stamp(T0 + 3_600_000) } } },
      { kind: 'chunk', record: chunk('nowhere', 0) },
      { kind: 'session', record: { ...squatPulls, unitKind: 'toaster' } },
      { kind: 'order', record: { ...order, order: { ...order.order, current: 'zed' } } },
    ]);
    expect(res.status).toBe(200);
    const results = res.body.results as { index: number; id: string; status: string; reason?: string; message?: string }[];
    expect(results.map((r) => [r.index, r.id, r.status, r.reason ?? null])).toEqual([
      [0, 'ana', 'stored', null],
      [1, 'ben', 'refused', 'invalid'],
      [2, 'cy', 'refused', 'clock-ahead'],
      [3, 'nowhere', 'refused', 'unknown-session'],
      [4, 's1', 'refused', 'invalid'],
      [5, null, 'refused', 'invalid'],
    ]);
    expect(results[1]!.message).toMatch(/athlete ben: body mass must be a number above 0/);
    expect(results[2]!.message).toMatch(/60 min ahead of the server’s clock/);
    expect(results[4]!.message).toMatch(/unknown unit kind toaster/);
    expect(results[5]!.message).toMatch(/whose turn it is must be one of today’s order/);
    expect(res.body.version).toBe(1);
    const pulled = await pullAll(tablet);
    expect(pulled.records.map((r) => (r.record as { id: string }).id)).toEqual(['ana']);
    expect(await db.query('select 1 from chunks where session_id = $1', ['nowhere'])).toEqual([]);
  });

  it('merges a record field by field with the copy already kept: two devices renaming one athlete end with the later name', async () => {
    const team = await startTeam(db);
    const [tablet, desktop] = [await team.coach('tablet'), await team.coach('desktop')];
    await tablet.push([{ kind: 'athlete', record: ana }]);
    const renamed = { ...ana, name: 'Ana María', modifiedAt: T0 + 2000, stamps: { ...ana.stamps, name: stamp(T0 + 2000, 'tablet') } };
    const reweighed = { ...ana, name: 'Anna', bodyMass: 64, modifiedAt: T0 + 1000, stamps: { ...ana.stamps, name: stamp(T0 + 1000, 'desktop'), bodyMass: stamp(T0 + 1000, 'desktop') } };
    await Promise.all([tablet.push([{ kind: 'athlete', record: renamed }]), desktop.push([{ kind: 'athlete', record: reweighed }])]);
    for (const device of [tablet, desktop]) {
      const [kept] = (await pullAll(device)).records;
      expect(kept!.record).toMatchObject({ name: 'Ana María', bodyMass: 64 });
    }
  });
});

describe('a pull', () => {
  it('hands the changes over page by page, each once, and its cursor starts the next pull after them', async () => {
    const team = await startTeam(db);
    const tablet = await team.coach();
    const athletes = Array.from({ length: 7 }, (_, i) => athlete(`a${i}`, `Athlete ${i}`));
    await tablet.push(athletes.map((a) => ({ kind: 'athlete', record: a })));
    const paged = await pullAll(tablet, undefined, 3);
    expect(paged.pages).toBe(3);
    expect(paged.records.map((r) => (r.record as { id: string }).id)).toEqual(athletes.map((a) => a.id));
    await tablet.push([{ kind: 'athlete', record: { ...athletes[2]!, name: 'Renamed', stamps: { ...athletes[2]!.stamps, name: stamp(T0 + 1) } } }]);
    const next = await pullAll(tablet, paged.cursor);
    expect(next.records.map((r) => (r.record as { name: string }).name)).toEqual(['Renamed']);
  });

  it('refuses a cursor the server did not give', async () => {
    const team = await startTeam(db);
    const tablet = await team.coach();
    const res = await tablet.pull("1' or '1'='1");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'bad-cursor' });
  });
});

describe('a deleted session', () => {
  it('reaches every device as a tombstone, drops its samples, and an older copy pushed later does not bring it back', async () => {
    const team = await startTeam(db);
    const [tablet, phone] = [await team.coach('tablet'), await team.coach('old phone')];
    await tablet.push([{ kind: 'session', record: squatPulls }, { kind: 'chunk', record: chunk('s1', 0) }]);
    const tombstone = { id: 's1', deleted: stamp(T0 + 5000, 'tablet'), modifiedAt: T0 + 5000 };
    expect((await tablet.push([{ kind: 'session', record: tombstone }])).body.results[0].status).toBe('stored');
    const late = await phone.push([{ kind: 'session', record: { ...squatPulls, modifiedAt: T0 + 9000, stamps: { recording: stamp(T0 + 9000, 'phone'), tags: stamp(T0 + 9000, 'phone'), sets: stamp(T0 + 9000, 'phone') } } }, { kind: 'chunk', record: chunk('s1', 1) }]);
    expect(late.body.results.map((r: { status: string; reason?: string }) => r.reason ?? r.status)).toEqual(['unchanged', 'deleted']);
    const pulled = await pullAll(phone);
    expect(pulled.records).toEqual([{ kind: 'session', record: tombstone }]);
    expect(await db.query('select seq from chunks where team_id = $1', [team.teamId])).toEqual([]);
    expect((await tablet.request('GET', '/api/sessions/s1/samples')).status).toBe(404);
  });
});

describe('samples', () => {
  it('go up compressed in batches, resume from what the server holds, and come back bit for bit', async () => {
    const team = await startTeam(db);
    const tablet = await team.coach();
    await tablet.push([{ kind: 'session', record: squatPulls }]);
    const chunks = Array.from({ length: 10 }, (_, i) => chunk('s1', i));
    // The values JSON and a careless codec lose: −0, infinities, a subnormal, the largest double.
    chunks[3] = { ...chunks[3]!, angleDeg: Float64Array.from(chunks[3]!.angleDeg, (v, i) => [-0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5e-324, Number.MAX_VALUE][i] ?? v) };
    // The link dropped after chunk 5 was sent, and its reply was lost with chunks 6–9 unsent.
    const first = await tablet.push([...chunks.slice(0, 3), chunks[5]!].map((c) => ({ kind: 'chunk', record: c })), { gzip: true });
    expect(first.status).toBe(200);
    const state = await tablet.request('GET', '/api/sessions/s1/samples/state');
    expect(state.body).toMatchObject({ chunks: [[0, 2], [5, 5]], gaps: [], samples: 800 });
    const missing = chunks.filter((c) => !(c.seq <= 2 || c.seq === 5));
    const rest = await tablet.push([...missing.map((c) => ({ kind: 'chunk', record: c })), { kind: 'gap', record: gap('s1', 0, 5_500_000, 5_800_000) }], { gzip: true });
    expect(rest.body.results.every((r: { status: string }) => r.status === 'stored')).toBe(true);
    expect((await tablet.request('GET', '/api/sessions/s1/samples/state')).body).toMatchObject({ chunks: [[0, 9]], gaps: [[0, 0]], samples: 2000 });

    const got: unknown[] = [];
    let from: number | null = 0;
    while (from !== null) {
      const page: { status: number; body: { chunks: unknown[]; next: number | null }; headers: Record<string, unknown> } = await tablet.request('GET', `/api/sessions/s1/samples?from=${from}&limit=4`, undefined, { 'accept-encoding': 'gzip' });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe('gzip');
      got.push(...page.body.chunks.map(decode));
      from = page.body.next;
    }
    expect(got).toHaveLength(10);
    got.forEach((c, i) => expect(canonical(c)).toBe(canonical(chunks[i])));
    expect(Object.is((got[3] as { angleDeg: Float64Array }).angleDeg[0], -0)).toBe(true);
  });

  it('keep the first chunk sent under a number, and say so when other samples come under it', async () => {
    const team = await startTeam(db);
    const tablet = await team.coach();
    await tablet.push([{ kind: 'session', record: squatPulls }, { kind: 'chunk', record: chunk('s1', 0) }]);
    const other = { ...chunk('s1', 0), angleDeg: new Float64Array(200).fill(1) };
    const res = await tablet.push([{ kind: 'chunk', record: other }]);
    expect(res.body.results[0]).toMatchObject({ status: 'refused', reason: 'conflict' });
    const page = await tablet.request('GET', '/api/sessions/s1/samples');
    expect(canonical(decode(page.body.chunks[0]))).toBe(canonical(chunk('s1', 0)));
  });
});
