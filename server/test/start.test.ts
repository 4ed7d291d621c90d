/**
 * `npm run server` as a person runs it (the bundle, server/test/bundle.ts) with a data folder, or
 * DATABASE_URL on the PostgreSQL project: it prints its address and the coach's code; a device
 * joins with that code over HTTP; after a restart the device's token still works and no new code
 * is printed while a coach is joined. And the server killed (SIGKILL) in the middle of a push:
 * after a restart the push is there whole or not at all, and sending it again completes it once.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { encode } from '../../src/log/codec';
import { buildServerBundle, startServer, type Bundle } from './bundle';
import { chunk, session } from './fixtures';
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

/**
 * Resolves once the server is inside a transaction: on PostgreSQL, as soon as a connection of the
 * test's database has one open (polled); PGlite shows nothing outside its process, so there a
 * moment after the body has gone (mid-transaction, or just before or after it).
 */
async function inTransaction(): Promise<void> {
  if (env.DATABASE_URL === undefined) return new Promise((resolve) => setTimeout(resolve, 300));
  const watcher = new pg.Client({ connectionString: env.DATABASE_URL });
  await watcher.connect();
  try {
    for (let i = 0; i < 20_000; i++) {
      const open = await watcher.query("select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null and query ilike '%chunks%'");
      if (open.rowCount! > 0) return;
    }
    throw new Error('the push never opened a transaction');
  } finally {
    await watcher.end();
  }
}

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

  it('killed in the middle of a push, keeps it whole or not at all, and the retried push completes it once', async () => {
    const port = await freePort();
    const args = ['--port', String(port), '--host', '127.0.0.1', '--data', join(bundle.dir, 'killed-data'), '--coach-code'];
    const first = await startServer(bundle, args, env);
    const base = `http://127.0.0.1:${port}`;
    const { token } = (await (await fetch(`${base}/api/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: first.coachCode, deviceName: 'tablet' }) })).json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-encoding': 'gzip' };
    const records = [{ kind: 'session', record: session('s1', [{ athleteId: 'ana', fromUs: 0, velocities: [0.8] }]) }, ...Array.from({ length: 900 }, (_, i) => ({ kind: 'chunk', record: chunk('s1', i) }))];
    const body = gzipSync(JSON.stringify({ records: records.map((r) => ({ kind: r.kind, record: encode(r.record) })) }));
    const pushing = fetch(`${base}/api/push`, { method: 'POST', headers, body }).then(
      (res) => res.status,
      () => 'cut',
    );
    await inTransaction();
    first.child.kill('SIGKILL');
    expect(await pushing).toBeDefined();
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await startServer(bundle, args, env);
    const state = async () => {
      const res = await fetch(`${base}/api/sessions/s1/samples/state`, { headers: { authorization: `Bearer ${token}` } });
      return res.status === 404 ? null : ((await res.json()) as { chunks: [number, number][]; samples: number });
    };
    const after = await state();
    expect(after === null || (after.chunks.length === 1 && after.chunks[0]![0] === 0 && after.chunks[0]![1] === 899)).toBe(true);
    const retried = await fetch(`${base}/api/push`, { method: 'POST', headers, body });
    expect(retried.status).toBe(200);
    const { results } = (await retried.json()) as { results: { status: string }[] };
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([after === null ? 'stored' : 'unchanged']));
    expect(await state()).toMatchObject({ chunks: [[0, 899]], samples: 900 * 200 });
    expect(await second.stop()).toBe(0);
  });
});
