/**
 * A real team server for the app's sync tests: the server's own Fastify app (server/src/app.ts)
 * on an embedded PGlite database in memory, listening on a free port of 127.0.0.1, teams made with
 * their coach's join codes, as `npm run server` starts one (no rate limit: tests send requests
 * flat out). `stop` closes it as a crashed server would stop answering, `start` brings it back on
 * the same port and database.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import type { Database } from '../../server/src/db/database';
import { migrate, readMigrations } from '../../server/src/db/migrate';
import { migrationsDir } from '../../server/src/db/open';
import { openPglite } from '../../server/src/db/pglite';
import { createTeam, makeJoinCode } from '../../server/src/team/teams';

export interface TeamServer {
  /** http://127.0.0.1:<port> */
  readonly base: string;
  readonly db: Database;
  /** A new team on the server; its coach's join code (tests of one file share a server, each its own team). */
  newTeam(): Promise<{ teamId: string; coachCode: string }>;
  /**
   * A request to the server without a socket (Fastify's inject: the same routes, hooks and
   * plugins), answered as a Fetch API Response: for tests in a browser-like environment, whose
   * `fetch` is not Node's.
   */
  send(url: string, init: RequestInit): Promise<Response>;
  /** Stops answering (the port closes); `start` brings it back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTeamServer(): Promise<TeamServer> {
  const db = await openPglite(null);
  await migrate(db, readMigrations(migrationsDir()));
  let app: FastifyInstance | null = null;
  let port = 0;
  async function start(): Promise<void> {
    app = await buildApp({ db, requestsPerMinute: false });
    await app.listen({ port, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  }
  async function stop(): Promise<void> {
    await app?.close();
    app = null;
  }
  await start();
  return {
    base: `http://127.0.0.1:${port}`,
    db,
    async send(url, init) {
      if (app === null) throw new TypeError('Failed to fetch (the server is down)');
      const { pathname, search } = new URL(url);
      const body = init.body === undefined || init.body === null ? undefined : typeof init.body === 'string' ? init.body : Buffer.from(init.body as Uint8Array);
      const reply = await app.inject({ method: (init.method ?? 'GET') as 'GET' | 'POST', url: pathname + search, headers: init.headers as Record<string, string>, ...(body === undefined ? {} : { payload: body }) });
      return new Response(reply.rawPayload.length === 0 ? null : new Uint8Array(reply.rawPayload), { status: reply.statusCode, headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') } });
    },
    async newTeam() {
      const { id: teamId } = await createTeam(db, 'Test team');
      const { code: coachCode } = await makeJoinCode(db, { teamId, role: 'coach', athleteId: null, createdBy: null, now: Date.now() });
      return { teamId, coachCode };
    },
    stop,
    start,
    async close() {
      await stop();
      await db.close();
    },
  };
}
