/**
 * Serves the production build (dist/) on 127.0.0.1 for the whole run, the way a user gets the
 * app: built, minified, lazy chunks and all. Vite's preview server gives the SPA fallback, so a
 * deep link such as /settings/unit loads index.html. The project's vite.config.ts is not loaded:
 * serving needs none of its plugins, and a stale config cannot change what is tested.
 *
 * E2E_DIST=/some/dir serves another build instead (e.g. one broken on purpose, to check that a
 * scenario fails when its behaviour breaks).
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the served app, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export default async function serveDist(project: TestProject): Promise<() => Promise<void>> {
  const outDir = resolve(ROOT, process.env.E2E_DIST ?? 'dist');
  if (!existsSync(join(outDir, 'index.html'))) {
    throw new Error(`${outDir}/index.html is missing: run scripts/e2e.sh, which builds the app first (npx vite build)`);
  }
  const server = await preview({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    appType: 'spa',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  const address = server.httpServer.address() as AddressInfo | null;
  if (!address || typeof address === 'string') throw new Error('The preview server did not report a TCP port');
  project.provide('baseUrl', `http://127.0.0.1:${address.port}`);
  return async () => {
    await server.close();
  };
}
