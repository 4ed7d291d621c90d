import { defineConfig } from 'vitest/config';

// `scripts/e2e.sh`: the real-browser tests. Standalone on purpose (not merged with vite.config.ts:
// they drive the production build, which tests/e2e/setup/serveDist.ts serves). Two workers, one
// file each at a time: the emulated Bluetooth adapter is browser-wide, so each worker launches its own Chromium (the
// `browser` fixture is worker-scoped) and no two tests share an adapter. Much of a scenario is
// waiting on the unit's real pace, so two workers on two cores take about two thirds of the time
// of one; more would make CPU-bound tests (axe, layout) compete for the cores.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/setup/serveDist.ts'],
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
