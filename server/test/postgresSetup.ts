/** vitest globalSetup of the `postgres` project: one PostgreSQL for the run; each test file makes its own database in it (harness.ts). */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    database: 'pglite' | 'postgres';
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const postgres = await startPostgres();
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
