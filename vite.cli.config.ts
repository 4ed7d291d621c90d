import { defineConfig } from 'vite';
import wasm from 'vite-plugin-wasm';

// The batch command (`npm run --silent reprocess`) as Node ES modules in dist-cli/: the command,
// reprocess.js, and the entry of its worker threads, worker.js, which carries the engine (the
// command starts it by that name, next to itself); code both use lands in dist-cli/chunks/.
// An SSR build with every dependency bundled (ssr.noExternal), so the wasm engine is inlined and
// the command runs with `node` alone; Node's built-in modules stay imports.
export default defineConfig({
  plugins: [wasm()],
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: true,
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      input: { reprocess: 'cli/reprocess.ts', worker: 'cli/worker.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/shared-[hash].js', format: 'es' },
    },
  },
  publicDir: false,
  logLevel: 'warn',
});
