import { defineConfig } from 'vitest/config';

// `npm run test:server` (scripts/test-server.sh): the team server's tests, the same files run
// twice, once on PGlite (in memory) and once on a real PostgreSQL 15 that the `postgres`
// project's global setup starts and stops (server/test/postgres.ts). Standalone: the app's
// unit-test configuration (vite.config.ts) does not include server/.
const include = ['server/test/**/*.test.ts'];
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One module graph per worker (the server keeps no module-level state; each test builds its
    // own app and database): importing Fastify and PGlite once per worker, not per file, halves the run.
    isolate: false,
    projects: [
      { extends: true, test: { name: 'pglite', include, provide: { database: 'pglite' } } },
      { extends: true, test: { name: 'postgres', include, provide: { database: 'postgres' }, globalSetup: ['server/test/postgresSetup.ts'] } },
    ],
  },
});
