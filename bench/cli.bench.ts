/**
 * The batch command's peak memory: a one-hour debug CSV (720 000 samples) reprocessed at 100,
 * 200 and 500 Hz by the bundled command (`dist-cli/reprocess.js`, built here), in a child
 * process whose peak resident set size the kernel reports (`process.resourceUsage().maxRSS`,
 * read as the child exits). Target ≤ 150 bytes per input sample, Node's own footprint included.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildDebugCsv } from '../src/csv';
import { record } from './record';

const ROWS = 720_000;

it('reprocesses a one-hour debug CSV at three rates within its memory budget', () => {
  execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'repline-cli-bench-'));
  try {
    const timeUs = Float64Array.from({ length: ROWS }, (_, i) => 1_000_000 + 5000 * i);
    const angleDeg = Float64Array.from({ length: ROWS }, (_, i) => 1800 * Math.cos((2 * Math.PI * i * 0.005) / 4));
    const file = join(dir, 'hour.csv');
    writeFileSync(file, buildDebugCsv({ timeUs, angleDeg }));
    const report = 'process.on("exit", () => process.stderr.write(`maxRSS ${process.resourceUsage().maxRSS}\\n`))';
    const t0 = performance.now();
    const child = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(report)}`, 'dist-cli/reprocess.js', '--json', '--hz', '100,200,500', '--inertia', '0.05', file], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = (performance.now() - t0) / 1000;
    expect(child.status, child.stderr).toBe(0);
    const kb = Number(/maxRSS (\d+)/.exec(child.stderr)?.[1]);
    const perSample = (kb * 1024) / ROWS;
    record('cli', {
      peakBytesPerSample: {
        value: perSample,
        unit: 'bytes/sample',
        target: '≤ 150',
        met: perSample <= 150,
        note: `peak RSS ${(kb / 1024).toFixed(0)} MB for ${ROWS} samples at 100, 200 and 500 Hz, Node included; ${seconds.toFixed(1)} s`,
      },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
