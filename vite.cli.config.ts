import { defineConfig } from 'vite';
import wasm from 'vite-plugin-wasm';

// The batch command (`npm run --silent reprocess`) as one Node ES module, dist-cli/reprocess.js.
// An SSR build with every dependency bundled (ssr.noExternal), so the wasm engine is inlined and
// the command runs with `node` alone; Node's built-in modules stay imports.
export default defineConfig({
  plugins: [wasm()],
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'cli/reprocess.ts',
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      output: { entryFileNames: 'reprocess.js', format: 'es' },
    },
  },
  publicDir: false,
  logLevel: 'warn',
});
