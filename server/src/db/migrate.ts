/**
 * Numbered SQL migrations, run at start: `server/migrations/NNN.do.<name>.sql`, each once, in
 * order, each in its own transaction with its row in `schema_migrations` (the `NNN.undo.<name>.sql`
 * beside it reverses it by hand, as fastify/demo keeps them). An advisory lock keeps two servers
 * starting on one database from running the same migration twice. The same files run on
 * PostgreSQL and PGlite.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

/** The lock's key: any number the server uses for nothing else. */
const MIGRATION_LOCK = 7_420_301;

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/** The migrations in `dir`, in order; throws for a number used twice or a file named otherwise. */
export function readMigrations(dir: string): Migration[] {
  const found = readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && !/^\d+\.undo\./.test(f))
    .map((file) => {
      const match = /^(\d+)\.do\.([\w-]+)\.sql$/.exec(file);
      if (match === null) throw new Error(`migration ${file} is not named NNN.do.<name>.sql`);
      return { id: Number(match[1]), name: match[2]!, sql: readFileSync(join(dir, file), 'utf8') };
    })
    .sort((a, b) => a.id - b.id);
  found.forEach((m, i) => {
    if (i > 0 && found[i - 1]!.id === m.id) throw new Error(`two migrations are numbered ${m.id}`);
  });
  return found;
}

/** Runs the migrations `db` has not run yet; returns their names. */
export async function migrate(db: Database, migrations: readonly Migration[]): Promise<string[]> {
  await db.script('create table if not exists schema_migrations (id integer primary key, name text not null, applied_at timestamptz not null default now())');
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('select 1 from schema_migrations where id = $1', [migration.id]);
      if (done.length > 0) return false;
      for (const statement of statements(migration.sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (id, name) values ($1, $2)', [migration.id, migration.name]);
      return true;
    });
    if (ran) applied.push(`${migration.id}.${migration.name}`);
  }
  return applied;
}

/**
 * A migration's statements, one by one (a transaction runs them through the parameterised
 * protocol, which takes one statement at a time): split at semicolons that end a line, after
 * removing `--` comments. Migrations keep to that form: no semicolon inside a literal at a
 * line's end, no function bodies.
 */
export function statements(sql: string): string[] {
  return sql
    .split('\n')
    .map((line) => line.replace(/--.*$/, ''))
    .join('\n')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
