/**
 * Moving a team server from its PGlite data folder to PostgreSQL (`npm run server -- --data
 * ./team-data --copy-to postgres://…`): every table copied row by row, with parameters, into a
 * migrated target in one transaction, so devices keep their tokens and cursors and notice
 * nothing but the new address. The target must hold no team yet.
 */
import type { Database, Row } from './database';
import { migrate, readMigrations } from './migrate';

/** The tables in an order that keeps their foreign keys, each with the columns that order its rows. */
const TABLES: readonly { name: string; key: string }[] = [
  { name: 'teams', key: 'id' },
  { name: 'devices', key: 'id' },
  { name: 'join_codes', key: 'code_hash' },
  { name: 'athletes', key: 'team_id, id' },
  { name: 'exercises', key: 'team_id, id' },
  { name: 'sessions', key: 'team_id, id' },
  { name: 'orders', key: 'team_id' },
  { name: 'chunks', key: 'team_id, session_id, seq' },
  { name: 'gaps', key: 'team_id, session_id, seq' },
];

/** Rows read at a time: a page of chunks is a few megabytes. */
const PAGE = 500;

/** Copies every row of `from` into `to` (migrated first); returns the rows copied per table. Throws, leaving `to` as it was, when `to` already holds a team. */
export async function copyDatabase(from: Database, to: Database, migrationsDir: string): Promise<Record<string, number>> {
  await migrate(to, readMigrations(migrationsDir));
  const copied: Record<string, number> = {};
  await to.transaction(async (tx) => {
    const [held] = await tx.query<{ n: number }>('select count(*)::integer as n from teams');
    if (held!.n > 0) throw new Error('the target database already holds a team: copy into an empty database');
    for (const { name, key } of TABLES) {
      copied[name] = 0;
      for (let offset = 0; ; offset += PAGE) {
        // Table and column names come from the list above, never from input.
        const rows = await from.query<Row>(`select * from ${name} order by ${key} limit $1 offset $2`, [PAGE, offset]);
        for (const row of rows) {
          const columns = Object.keys(row);
          await tx.query(`insert into ${name} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, columns.map((c) => row[c]));
        }
        copied[name] += rows.length;
        if (rows.length < PAGE) break;
      }
    }
  });
  return copied;
}
