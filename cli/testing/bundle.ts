/**
 * The batch command as its users run it, for tests: the real bundle, built with the CLI's Vite
 * config (wasm engine inlined) into a temp folder, run by `node` in that folder.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export interface Bundle {
  /** The temp folder the command runs in; tests put their files here. */
  dir: string;
  /** Runs the command to its end. */
  run(...args: string[]): { status: number | null; stdout: string; stderr: string };
  /** The same, with these variables added to the environment. */
  runWith(env: NodeJS.ProcessEnv, ...args: string[]): { status: number | null; stdout: string; stderr: string };
  /** Starts the command, its streams piped, for a test that drives them. */
  start(...args: string[]): ChildProcessWithoutNullStreams;
  remove(): void;
}

export async function buildBundle(): Promise<Bundle> {
  const dir = mkdtempSync(join(tmpdir(), 'repline-reprocess-'));
  const root = fileURLToPath(new URL('../..', import.meta.url));
  await build({ root, configFile: join(root, 'vite.cli.config.ts'), logLevel: 'silent', build: { outDir: join(dir, 'dist-cli') } });
  const bundle = join(dir, 'dist-cli', 'reprocess.js');
  const runWith = (env: NodeJS.ProcessEnv, ...args: string[]) => {
    const result = spawnSync(process.execPath, [bundle, ...args], { cwd: dir, encoding: 'utf8', timeout: 20_000, env: { ...process.env, ...env } });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  return {
    dir,
    run: (...args) => runWith({}, ...args),
    runWith,
    start: (...args) => spawn(process.execPath, [bundle, ...args], { cwd: dir }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
