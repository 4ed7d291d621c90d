import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';
import { VitePWA } from 'vite-plugin-pwa';
import { cspPlugin } from './build/cspPlugin.ts';

/** The app's own modules (their side effects: see `build.rolldownOptions`). */
const SRC = fileURLToPath(new URL('./src/', import.meta.url));

// The app bundle. Plotly is only reached through a lazy import, so it lands in its own chunk
// and the Workout table renders before it loads.
//
// Offline: the service worker precaches the whole app shell, the engine's .wasm and
// every lazily loaded chunk (Plotly included), so after one visit the app starts and runs the
// demo unit with no network. Nothing is cached at run time: the app talks to no server.
// `injectRegister: 'script'` registers the worker from a file, as the CSP forbids inline script.
// That plain register script never reloads the page for an update (a reload could cut a set
// short): the running page keeps its code and the next start gets the new version.
export default defineConfig({
  base: '/',
  plugins: [
    react(),
    wasm(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
      // public/ files (icons, favicon) are matched by globPatterns; listing them again would
      // only duplicate precache entries.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Repline',
        short_name: 'Repline',
        description: 'Live velocity-based training with your rope-resistance flywheel unit',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#111827',
        theme_color: '#111827',
        categories: ['health', 'fitness', 'sports'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{html,js,css,wasm,svg,png}'],
        // The Plotly chunk is about 1.3 MB before compression; leave room for growth.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: '/index.html',
        // autoUpdate: a new worker takes over at once, and the first visit is controlled
        // without a reload, so the app is offline-ready as soon as it has loaded.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [],
      },
    }),
    cspPlugin(),
  ],
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    // Never inline the engine as a data: URL: as a file it is precached on its own, and the CSP
    // needs no `data:` in connect-src.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    // Browsers that run the app natively preload modules (<link rel="modulepreload">); the
    // polyfill would only speed up older Safari and Firefox, at a cost to every start-up.
    modulePreload: { polyfill: false },
    // No module of src/ does anything when imported (build/checkModuleState.mjs fails on one that
    // does), so an import whose bindings all went unused or were inlined (a constant such as
    // ATHLETE_NAME_MAX) can go too, and with it a chunk's name from the start-up bundle's preload
    // lists. The entry and the workers run when loaded, and keep what they do.
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !(id.startsWith(SRC) && /\.tsx?$/.test(id)) || id === `${SRC}main.tsx` || /Worker\.ts$/.test(id),
      },
    },
  },
  worker: {
    format: 'es',
    plugins: () => [wasm()],
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
