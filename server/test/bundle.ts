/**
 * The server as `npm run server` runs it, for the start-up test and the benchmark: the Vite
 * bundle built into a folder of the caller's own inside the repository (so that its imports find
 * node_modules, and two callers never build over each other), laid out as the repository is
 * (dist-server/ beside server/migrations), and started as a child process that has printed its
 * start-up lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'vite';

export const ROOT = join(import.meta.dirname, '../..');

export interface Bundle {
  /** The folder the bundle lives in (remove it when done). */
  dir: string;
  script: string;
  remove(): void;
}

export async function buildServerBundle(): Promise<Bundle> {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'test-results', 'team-server-'));
  await build({ configFile: join(ROOT, 'vite.server.config.ts'), root: ROOT, logLevel: 'warn', build: { outDir: join(dir, 'dist-server') } });
  cpSync(join(ROOT, 'server/migrations'), join(dir, 'server/migrations'), { recursive: true });
  return { dir, script: join(dir, 'dist-server/server.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RunningServer {
  child: ChildProcess;
  /** Its start-up lines (stdout). */
  lines: string[];
  /** The coach's join code it printed, if it printed one. */
  coachCode: string | null;
  stop(): Promise<number | null>;
}

export async function startServer(bundle: Bundle, args: readonly string[], env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const child = spawn(process.execPath, [bundle.script, ...args], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const reader = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    const early = (code: number | null) => reject(new Error(`the server exited (${code}): ${lines.join('\n')}`));
    child.once('exit', early);
    reader.on('line', (line) => {
      lines.push(line);
      if (line.includes('listening on')) {
        child.off('exit', early);
        setTimeout(resolve, 50);
      }
    });
  });
  return {
    child,
    lines,
    coachCode: /coach's join code: ([0-9A-Z]{5}-[0-9A-Z]{5})/.exec(lines.join('\n'))?.[1] ?? null,
    stop() {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      return exited;
    },
  };
}
