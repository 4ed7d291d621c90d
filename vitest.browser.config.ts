import wasm from 'vite-plugin-wasm';
import { defineConfig } from 'vitest/config';

// Runs against the production build in Chromium, served as the end-to-end tests serve it, but
// on demand rather than in CI: the browser benchmarks (`npm run bench`, bench/browser/) and the
// README's screenshots (`npm run screenshots`, docs/screens/). Each script passes its folder as
// the file filter. Standalone like vitest.e2e.config.ts.
export default defineConfig({
  plugins: [wasm()],
  test: {
    include: ['bench/browser/**/*.bench.ts', 'docs/screens/*.capture.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/setup/serveDist.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
