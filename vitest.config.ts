import { defineConfig, mergeConfig } from 'vitest/config';
import app from './vite.config';

// `npm run test:unit`, and the unit and component step of `npm test`: the tests beside the code
// (src/, cli/, build/) and the cross-module ones of tests/unit/, in Node (happy-dom where a file
// asks for it), transformed by the app's own Vite configuration (its React and wasm plugins).
// `npx vitest run <files>` runs some of them.
export default mergeConfig(
  app,
  defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', 'cli/**/*.test.ts', 'build/**/*.test.ts'],
      environment: 'node',
      testTimeout: 20000,
      pool: 'forks',
      // One module graph per worker, not per file: src/ keeps no module-level state
      // (build/checkModuleState.mjs), so a fresh graph per file buys nothing and costs most of
      // the suite's time on two cores (importing and transforming the same modules 140 times).
      isolate: false,
    },
  }),
);
