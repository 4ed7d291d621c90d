/**
 * A throwaway PostgreSQL 15 for the server's tests and benchmark: Debian's postgresql-15
 * (scripts/ensure-postgres.sh installs it), `initdb` and `pg_ctl` in a temporary folder on a free
 * port, run as the `postgres` user when we are root (PostgreSQL refuses to run as root), stopped
 * and removed at the end. fsync is off: a crash of a test server loses nothing anyone needs.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface TestPostgres {
  /** postgres://repline@127.0.0.1:<port>/postgres */
  url: string;
  stop(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<TestPostgres> {
  if (!existsSync(join(POSTGRES_BIN, 'pg_ctl'))) throw new Error(`PostgreSQL 15 is not installed (no ${POSTGRES_BIN}/pg_ctl): run bash scripts/ensure-postgres.sh`);
  const dir = mkdtempSync(join(tmpdir(), 'repline-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = join(POSTGRES_BIN, tool);
    return asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' }) : execFileSync(command, args, { stdio: 'pipe' });
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'repline', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  run('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://repline@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
