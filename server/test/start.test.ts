/**
 * `npm run server` as a person runs it: the bundle (built here, into a folder of this test's own
 * laid out as the repository is, so the two projects' runs do not build over each other) started with a data
 * folder (or DATABASE_URL on the PostgreSQL project), printing its address and the coach's code;
 * a device joins with that code over HTTP, its data is still there after a restart, and a second
 * start prints no code while a coach is joined.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from './postgres';

const root = join(import.meta.dirname, '../..');
let dataDir: string;
let bundle: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  // Inside the repository, so that the bundle's imports find node_modules.
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const here = mkdtempSync(join(root, 'test-results', 'team-server-'));
  bundle = join(here, 'dist-server');
  await build({ configFile: join(root, 'vite.server.config.ts'), root, logLevel: 'warn', build: { outDir: bundle } });
  cpSync(join(root, 'server/migrations'), join(here, 'server/migrations'), { recursive: true });
  dataDir = join(here, 'team-data');
  env = { ...process.env, LOG_LEVEL: 'warn' };
  if (inject('database') === 'postgres') {
    const name = `start_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    env.DATABASE_URL = inject('postgresUrl').replace(/\/postgres$/, `/${name}`);
  } else {
    delete env.DATABASE_URL;
  }
}, 120_000);

afterAll(() => rmSync(join(bundle, '..'), { recursive: true, force: true }));

/** Starts the bundled server and waits for its start-up lines. */
async function start(port: number): Promise<{ child: ChildProcess; lines: string[] }> {
  const child = spawn(process.execPath, [join(bundle, 'server.js'), '--port', String(port), '--host', '127.0.0.1', '--data', dataDir], { env, cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const reader = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${lines.join('\n')}`)));
    reader.on('line', (line) => {
      lines.push(line);
      if (line.includes('listening on')) setTimeout(resolve, 50);
    });
  });
  return { child, lines };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

describe('npm run server', () => {
  it('starts, prints its address and the coach’s code, takes a join over HTTP, and keeps the team across a restart', async () => {
    const port = await freePort();
    const first = await start(port);
    const text = first.lines.join('\n');
    expect(text).toMatch(/team "Repline team" \(new\)/);
    expect(text).toContain(`listening on http://127.0.0.1:${port}`);
    const code = /coach's join code: ([0-9A-Z]{5}-[0-9A-Z]{5})/.exec(text)?.[1];
    expect(code).toBeDefined();
    const joined = await fetch(`http://127.0.0.1:${port}/api/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, deviceName: 'tablet' }) });
    expect(joined.status).toBe(200);
    const { token } = (await joined.json()) as { token: string };
    expect(await stop(first.child)).toBe(0);

    const second = await start(port);
    expect(second.lines.join('\n')).not.toMatch(/\(new\)|join code/);
    const me = await fetch(`http://127.0.0.1:${port}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ role: 'coach', team: { name: 'Repline team' } });
    expect(await stop(second.child)).toBe(0);
  });
});
