/**
 * What the server's tests share: a fresh database on the project's engine (PGlite in memory, or
 * a database of its own in the run's PostgreSQL), an app on it with a clock the test moves, and
 * devices that talk to it through Fastify's inject (the real routes, schemas, hooks and plugins;
 * no socket).
 */
import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import type { Database } from '../src/db/database';
import { migrate, readMigrations } from '../src/db/migrate';
import { migrationsDir } from '../src/db/open';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { createTeam, makeJoinCode } from '../src/team/teams';
import { encode } from '../../src/log/codec';

/** A fresh, migrated database; `connections`: the pool's size on PostgreSQL. */
export async function testDatabase(connections = 10): Promise<Database> {
  let db: Database;
  if (inject('database') === 'postgres') {
    const name = `t_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    db = await openPostgres(inject('postgresUrl').replace(/\/postgres$/, `/${name}`), { max: connections });
  } else {
    db = await openPglite(null);
  }
  await migrate(db, readMigrations(migrationsDir()));
  return db;
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  /** Bytes of the reply's body as sent. */
  bytes: number;
}

export interface TestDevice {
  deviceId: string;
  token: string;
  role: 'coach' | 'athlete';
  athleteId: string | null;
  request<T = any>(method: 'GET' | 'POST', url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  /** Pushes records (the app's values, encoded here); `gzip` sends the body compressed. */
  push(records: readonly { kind: string; record: unknown }[], options?: { gzip?: boolean }): Promise<Reply>;
  pull(after?: string, limit?: number): Promise<Reply>;
}

export interface TestTeam {
  app: FastifyInstance;
  db: Database;
  teamId: string;
  /** The server's clock; tests set it. */
  clock: { now: number };
  coachCode: string;
  join(code: string, deviceName?: string): Promise<TestDevice>;
  /** A device of a new coach (joined with the team's coach code). */
  coach(name?: string): Promise<TestDevice>;
  /** A device bound to `athleteId` (the athlete must be pushed first), joined with a code a coach's device made. */
  athlete(by: TestDevice, athleteId: string, name?: string): Promise<TestDevice>;
  close(): Promise<void>;
}

export const T0 = Date.UTC(2025, 5, 2, 7, 0, 0);

/** A team on `db` (a new team per call: tests in one file share a database). */
export async function startTeam(db: Database, options: Partial<AppOptions> = {}): Promise<TestTeam> {
  const clock = { now: T0 };
  const app = await buildApp({ db, now: () => clock.now, requestsPerMinute: false, ...options });
  // A team of its own, whatever else the database holds: tests in one file share a database.
  const { id: teamId } = await createTeam(db, 'Test team');
  const { code: coachCode } = await makeJoinCode(db, { teamId, role: 'coach', athleteId: null, createdBy: null, now: clock.now });
  const device = (joined: { deviceId: string; token: string; role: 'coach' | 'athlete'; athleteId: string | null }): TestDevice => {
    const request = async (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await app.inject({ method, url, headers: { authorization: `Bearer ${joined.token}`, ...headers }, ...(body === undefined ? {} : typeof body === 'string' || Buffer.isBuffer(body) ? { payload: body } : { payload: body as object }) });
      const text = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body;
      return { status: res.statusCode, body: text.length > 0 && String(res.headers['content-type']).includes('json') ? JSON.parse(text) : text, headers: res.headers, bytes: res.rawPayload.length };
    };
    return {
      ...joined,
      request,
      push: (records, { gzip = false } = {}) => {
        const body = JSON.stringify({ records: records.map((r) => ({ kind: r.kind, record: encode(r.record) })) });
        return gzip ? request('POST', '/api/push', gzipSync(body), { 'content-type': 'application/json', 'content-encoding': 'gzip' }) : request('POST', '/api/push', body, { 'content-type': 'application/json' });
      },
      pull: (after, limit) => request('GET', `/api/pull?${new URLSearchParams({ ...(after === undefined ? {} : { after }), ...(limit === undefined ? {} : { limit: String(limit) }) })}`),
    };
  };
  const join = async (code: string, deviceName = 'test device') => {
    const res = await app.inject({ method: 'POST', url: '/api/join', payload: { code, deviceName } });
    if (res.statusCode !== 200) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
    const body = res.json();
    return device({ deviceId: body.deviceId, token: body.token, role: body.role, athleteId: body.athleteId });
  };
  return {
    app,
    db,
    teamId,
    clock,
    coachCode,
    join,
    coach: (name = 'coach tablet') => join(coachCode, name),
    async athlete(by, athleteId, name = 'athlete phone') {
      const res = await by.request('POST', '/api/join-codes', { role: 'athlete', athleteId });
      if (res.status !== 200) throw new Error(`join code failed: ${res.status} ${JSON.stringify(res.body)}`);
      return join(res.body.code, name);
    },
    close: () => app.close(),
  };
}
