import { defineConfig } from 'vite';
import wasm from 'vite-plugin-wasm';

// writeV1Fixture.ts as one Node ES module, every dependency bundled (the wasm engine inlined).
export default defineConfig({
  plugins: [wasm()],
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: true,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      input: { writeV1Fixture: 'scripts/journal-fixture/writeV1Fixture.ts' },
      output: { entryFileNames: '[name].js', format: 'es' },
    },
  },
  publicDir: false,
});
