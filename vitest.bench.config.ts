import wasm from 'vite-plugin-wasm';
import { defineConfig } from 'vitest/config';

// `npm run bench`: the benchmark files only, one at a time so they do not compete for the two
// cores. Standalone on purpose: merging vite.config.ts would concatenate its unit-test include.
export default defineConfig({
  plugins: [wasm()],
  test: {
    include: ['bench/**/*.bench.ts'],
    // bench/browser/ needs the served production build: vitest.browser.config.ts runs it.
    exclude: ['bench/browser/**'],
    environment: 'node',
    testTimeout: 600_000,
    fileParallelism: false,
  },
});
