/**
 * PostgreSQL (15 and later) through a `pg` connection pool: `DATABASE_URL=postgres://…`. Each
 * transaction holds one connection of the pool from BEGIN to COMMIT; bigint columns come back as
 * numbers (versions and counts stay far below 2^53), as PGlite's do.
 */
import pg from 'pg';
import type { Database, Row, Sql } from './database';

const BIGINT_OID = 20;

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const types = { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === BIGINT_OID ? (text: string) => Number(text) : pg.types.getTypeParser(oid, format)) };
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types: types as pg.CustomTypesConfig });
  // An idle connection the server drops (a restart) emits 'error' on the pool; the next query opens another.
  pool.on('error', () => {});
  await pool.query('select 1');
  const sql = (run: pg.Pool | pg.PoolClient): Sql => ({
    async query<R extends Row>(text: string, params: readonly unknown[] = []) {
      return (await run.query<R>(text, params.map(toPg))).rows.map(fromPg) as R[];
    },
  });
  return {
    ...sql(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(sql(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async script(text) {
      await pool.query(text);
    },
    describe: `PostgreSQL at ${redactUrl(url)}`,
    close: () => pool.end(),
  };
}

/** Byte strings (alone or in an array) go in as Buffers (pg's bytea) and come back as plain Uint8Arrays, as PGlite's do. */
function toPg(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toPg);
  return value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;
}

function fromPg(row: Row): Row {
  for (const [key, value] of Object.entries(row)) if (Buffer.isBuffer(value)) row[key] = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return row;
}

/** The URL without its password, for the start-up line. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString();
  } catch {
    return 'the given DATABASE_URL';
  }
}
