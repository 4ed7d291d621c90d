import { defineConfig } from 'vite';

// The team server (`npm run server`) as one Node ES module, dist-server/server.js: the server's
// TypeScript and the pure modules of src/ it shares with the app (src/log, src/rules, and the
// engine's settings facts, pkg/settings.json) bundled, the npm packages (Fastify, pg, PGlite)
// left as imports from node_modules. Node 20 cannot run TypeScript, and the batch command is
// built the same way (vite.cli.config.ts); the build takes a few seconds and needs no other tool.
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: { server: 'server/src/server.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', format: 'es' },
    },
  },
  publicDir: false,
  logLevel: 'warn',
});
