import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vite.config';

// `npm run bench`: the benchmark files, one at a time so they do not compete for the 2 cores.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['bench/**/*.bench.ts'],
      testTimeout: 600_000,
      fileParallelism: false,
    },
  }),
);
