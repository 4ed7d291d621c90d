/**
 * `npm run server` as a person runs it (the bundle, server/test/bundle.ts) with a data folder, or
 * DATABASE_URL on the PostgreSQL project: it prints its address and the coach's code; a device
 * joins with that code over HTTP; after a restart the device's token still works and no new code
 * is printed while a coach is joined.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServerBundle, startServer, type Bundle } from './bundle';
import { freePort } from './postgres';

let bundle: Bundle;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  bundle = await buildServerBundle();
  env = { ...process.env, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  if (inject('database') === 'postgres') {
    const name = `start_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    env.DATABASE_URL = inject('postgresUrl').replace(/\/postgres$/, `/${name}`);
  }
}, 120_000);

afterAll(() => bundle.remove());

describe('npm run server', () => {
  it('starts, prints its address and the coach’s code, takes a join over HTTP, and keeps the team across a restart', async () => {
    const port = await freePort();
    const args = ['--port', String(port), '--host', '127.0.0.1', '--data', join(bundle.dir, 'team-data')];
    const first = await startServer(bundle, args, env);
    const text = first.lines.join('\n');
    expect(text).toMatch(/team "Repline team" \(new\)/);
    expect(text).toContain(`listening on http://127.0.0.1:${port}`);
    expect(first.coachCode).not.toBeNull();
    const joined = await fetch(`http://127.0.0.1:${port}/api/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: first.coachCode, deviceName: 'tablet' }) });
    expect(joined.status).toBe(200);
    const { token } = (await joined.json()) as { token: string };
    expect(await first.stop()).toBe(0);

    const second = await startServer(bundle, args, env);
    expect(second.lines.join('\n')).not.toMatch(/\(new\)|join code/);
    const me = await fetch(`http://127.0.0.1:${port}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ role: 'coach', team: { name: 'Repline team' } });
    expect(await second.stop()).toBe(0);
  });
});
