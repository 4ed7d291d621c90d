/** The database the server runs on: PostgreSQL when a URL is given, else PGlite in the data folder; migrated before use. */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';
import { migrate, readMigrations } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** server/migrations, found from this module: server/src/db/ in the sources, dist-server/ in the bundle beside server/. */
export function migrationsDir(): string {
  return fileURLToPath(new URL(import.meta.url.includes('/dist-server/') ? '../server/migrations' : '../../migrations', import.meta.url));
}

export async function openDatabase(where: { databaseUrl: string | null; dataDir: string | null }): Promise<{ db: Database; migrated: string[] }> {
  if (where.dataDir !== null && where.databaseUrl === null) mkdirSync(where.dataDir, { recursive: true });
  const db = where.databaseUrl !== null ? await openPostgres(where.databaseUrl) : await openPglite(where.dataDir);
  try {
    return { db, migrated: await migrate(db, readMigrations(migrationsDir())) };
  } catch (error) {
    await db.close();
    throw error;
  }
}
