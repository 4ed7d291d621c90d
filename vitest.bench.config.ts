import wasm from 'vite-plugin-wasm';
import { defineConfig } from 'vitest/config';

// `npm run bench`: every benchmark, one file at a time so they do not compete for the two cores:
// the engine, CSV, journal and batch command in Node, and (bench/browser/) the production build
// in Chromium, served for the whole run as the end-to-end tests serve it (scripts/bench.sh builds
// it first). Standalone, like every test configuration but the unit tests' (vitest.config.ts).
export default defineConfig({
  plugins: [wasm()],
  test: {
    include: ['bench/**/*.bench.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/setup/serveDist.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
