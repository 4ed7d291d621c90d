/**
 * The shell's configuration is capacitor.config.json, not capacitor.config.ts: @capacitor/cli 7
 * compiles a .ts config with the project's TypeScript compiler API, which TypeScript 7 no longer
 * has ("Parsing capacitor.config.ts failed … reading 'CommonJS'", ionic-team/capacitor#8531; the
 * CLI 8.5 fix needs Node ≥ 22.6). These tests load it exactly as `npx cap sync` does.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

interface CliConfig {
  app: { appId: string; appName: string; webDir: string; extConfigType: string; extConfig: { plugins?: Record<string, Record<string, unknown>> } };
}

const { loadConfig } = createRequire(import.meta.url)('@capacitor/cli/dist/config') as { loadConfig: () => Promise<CliConfig> };

describe('the Capacitor configuration', () => {
  it('is read by the Capacitor CLI as app.repline, named Repline, with the Vite build in dist/ as its web assets', async () => {
    const { app } = await loadConfig();
    expect([app.extConfigType, app.appId, app.appName, app.webDir]).toEqual(['json', 'app.repline', 'Repline', 'dist']);
  });

  it('asks for the dark status bar on the app’s dark top-bar colour before the page loads', async () => {
    const { app } = await loadConfig();
    expect(app.extConfig.plugins?.StatusBar).toEqual({ style: 'DARK', backgroundColor: '#111827', overlaysWebView: false });
  });
});
