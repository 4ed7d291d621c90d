import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/log/codec';
import { canonical } from '../../src/log/merge';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { copyDatabase } from '../src/db/copy';
import { migrationsDir } from '../src/db/open';
import { openPglite } from '../src/db/pglite';
import { migrate, readMigrations } from '../src/db/migrate';
import { athlete, chunk, gap, session } from './fixtures';
import { startTeam, T0, testDatabase } from './harness';

let source: Database;
let target: Database;
beforeAll(async () => {
  source = await openPglite(null);
  await migrate(source, readMigrations(migrationsDir()));
  // The project's database, empty: PostgreSQL on the postgres project (the move the README describes).
  target = await testDatabase();
});
afterAll(async () => {
  await source.close();
  await target.close();
});

describe('moving a data folder’s database', () => {
  it('copies every row, so devices keep their tokens and cursors and pull the same log', async () => {
    const team = await startTeam(source);
    const tablet = await team.coach();
    await tablet.push([
      { kind: 'athlete', record: athlete('ana', 'Ana') },
      { kind: 'session', record: session('s1', [{ athleteId: 'ana', fromUs: 0, velocities: [0.8] }]) },
      ...Array.from({ length: 3 }, (_, i) => ({ kind: 'chunk', record: chunk('s1', i) })),
      { kind: 'gap', record: gap('s1', 0, 3_100_000, 3_200_000) },
    ]);
    const before = await tablet.pull();
    const samples = await tablet.request('GET', '/api/sessions/s1/samples');

    const copied = await copyDatabase(source, target, migrationsDir());
    expect(copied).toMatchObject({ teams: 1, devices: 1, athletes: 1, sessions: 1, chunks: 3, gaps: 1 });
    const moved = await buildApp({ db: target, now: () => T0 });
    const ask = (url: string) => moved.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tablet.token}` } });
    const after = await ask('/api/pull');
    expect(after.statusCode).toBe(200);
    expect(canonical(after.json().records.map((r: { record: unknown }) => decode(r.record)))).toBe(canonical(before.body.records.map((r: { record: unknown }) => decode(r.record))));
    expect(after.json().cursor).toBe(before.body.cursor);
    expect((await ask('/api/sessions/s1/samples')).json().chunks).toEqual(samples.body.chunks);
    await moved.close();

    await expect(copyDatabase(source, target, migrationsDir())).rejects.toThrow('the target database already holds a team');
  });
});
