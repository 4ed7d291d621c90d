import { defineConfig } from 'vitest/config';

// `scripts/e2e.sh`: the real-browser tests. Standalone on purpose (not merged with vite.config.ts,
// whose unit-test `include` would be concatenated in). One worker, files one after another: the
// emulated Bluetooth adapter is browser-wide and the machine has two shared cores.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/setup/serveDist.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
