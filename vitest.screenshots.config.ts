import wasm from 'vite-plugin-wasm';
import { defineConfig } from 'vitest/config';

// `npm run screenshots`: the README's pictures (docs/screens/*.capture.ts write docs/screens/*.png),
// taken from the production build in Chromium over the emulated unit, served as the end-to-end
// tests serve it (scripts/screenshots.sh builds it first); one browser at a time.
export default defineConfig({
  plugins: [wasm()],
  test: {
    include: ['docs/screens/*.capture.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/setup/serveDist.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
