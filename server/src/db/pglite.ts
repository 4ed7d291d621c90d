/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly, in this process) keeping its
 * files in a data folder, or in memory for tests. One connection: PGlite runs one statement at a
 * time and one transaction at a time (its own lock), so a transaction here is as isolated as a
 * serialisable one; the SQL is the same as on PostgreSQL.
 */
import { PGlite } from '@electric-sql/pglite';
import type { Database, Row, Sql } from './database';

const BIGINT_OID = 20;

/** Opens (creating when missing) the PGlite database in `dataDir`, or an in-memory one when `dataDir` is null. */
export async function openPglite(dataDir: string | null): Promise<Database> {
  const db = new PGlite(dataDir ?? undefined, { parsers: { [BIGINT_OID]: (text: string) => Number(text) } });
  await db.waitReady;
  const sql = (run: Pick<PGlite, 'query'>): Sql => ({
    async query<R extends Row>(text: string, params: readonly unknown[] = []) {
      return (await run.query<R>(text, [...params])).rows;
    },
  });
  return {
    ...sql(db),
    transaction: (work) => db.transaction((tx) => work(sql(tx))),
    async script(text) {
      await db.exec(text);
    },
    describe: dataDir === null ? 'PGlite in memory' : `PGlite in ${dataDir}`,
    close: () => db.close(),
  };
}
