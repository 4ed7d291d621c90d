import wasm from 'vite-plugin-wasm';
import { defineConfig } from 'vitest/config';

// `npm run soak`: the long runs (three hours of live samples with faults, and the 100 000-notification
// and 20 000-CSV fuzz), outside the unit suite. `--expose-gc` lets the soak measure the heap
// after a collection; one file at a time so the runs do not compete for the two cores.
export default defineConfig({
  plugins: [wasm()],
  test: {
    include: ['soak/**/*.soak.ts'],
    environment: 'node',
    testTimeout: 3_600_000,
    fileParallelism: false,
    execArgv: ['--expose-gc'],
  },
});
