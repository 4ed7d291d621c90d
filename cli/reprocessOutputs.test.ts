/**
 * The batch command's outputs, bundled and run by `node`: it never writes a session CSV over an
 * input, a reader that closes the pipe early ends the run with a non-zero status unless every
 * output was written, the JSON lists every file that failed, and `--jobs` asks for no more
 * workers than the machine can run.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonDocument } from './json';
import { buildBundle, type Bundle } from './testing/bundle';
import { HEADER, yoyoCsv } from './testing/yoyo';

let cli: Bundle;
const run = (...args: string[]) => cli.run(...args);
const at = (name: string) => join(cli.dir, name);

beforeAll(async () => {
  cli = await buildBundle();
  writeFileSync(at('yoyo.csv'), yoyoCsv());
  writeFileSync(at('letters.csv'), `${HEADER}\n1,0,1000,,\n2,1,2000,,\n3,abc,3000,,\n`);
  mkdirSync(at('again'));
  writeFileSync(at('again/yoyo.csv'), yoyoCsv());
  // A folder that holds a recording and the session CSV its run at 200 Hz would write.
  mkdirSync(at('D'));
  writeFileSync(at('D/x.csv'), yoyoCsv());
  writeFileSync(at('D/x-200hz-calcV0-calcA1.csv'), yoyoCsv(2, 30));
  mkdirSync(at('many'));
  for (let i = 1; i <= 40; i++) copyFileSync(at('yoyo.csv'), at(`many/${String(i).padStart(2, '0')}.csv`));
}, 60_000);

afterAll(() => cli.remove());

describe('npm run reprocess --out', () => {
  it('refuses to write a session CSV over an input, before it writes anything', () => {
    const before = readFileSync(at('D/x-200hz-calcV0-calcA1.csv'));
    const problem = `reprocess: --out D would write the session CSV of ${join('D', 'x.csv')} at 200 Hz over the input ${join('D', 'x-200hz-calcV0-calcA1.csv')}; choose another --out folder\n`;
    for (const inputs of [[join('D', 'x.csv'), join('D', 'x-200hz-calcV0-calcA1.csv')], ['D']]) {
      const { status, stdout, stderr } = run('--out', 'D', ...inputs);
      expect([status, stdout, stderr]).toEqual([2, '', problem]);
    }
    // The same file by another path.
    const other = run('--json', '--out', './D', 'D/x.csv', 'D/../D/x-200hz-calcV0-calcA1.csv');
    expect([other.status, other.stdout]).toEqual([2, '']);
    expect(other.stderr).toBe('reprocess: --out ./D would write the session CSV of D/x.csv at 200 Hz over the input D/../D/x-200hz-calcV0-calcA1.csv; choose another --out folder\n');
    expect(readFileSync(at('D/x-200hz-calcV0-calcA1.csv')).equals(before)).toBe(true);
    expect(readdirSync(at('D')).sort()).toEqual(['x-200hz-calcV0-calcA1.csv', 'x.csv']);
  });
});

describe('npm run reprocess, when its reader closes the pipe', () => {
  /** Starts the command, reads its first piece of output and goes away, as `| head -1` does; its status and stderr. */
  async function readFirstThenLeave(...args: string[]): Promise<{ status: unknown; stderr: string }> {
    const child = cli.start(...args);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdout.destroy();
    const status = await new Promise((resolve) => child.on('close', resolve));
    return { status, stderr };
  }

  it('stops, leaves no half-written session CSV, says how many files it left, and exits 1', async () => {
    const { status, stderr } = await readFirstThenLeave('--out', 'cut', '--jobs', '1', 'many');
    expect(status).toBe(1);
    const [, done] = /^reprocess: stopped after (\d+) of 40 files: the output's reader went away \(a closed pipe\); the other \d+ were not processed\n$/.exec(stderr) ?? [];
    expect(Number(done)).toBeLessThan(40);
    const written = readdirSync(at('cut'));
    expect(written.every((name) => name.endsWith('-200hz-calcV0-calcA1.csv'))).toBe(true);
    expect(written.length).toBe(Number(done));
  });

  it('with --json too', async () => {
    const { status, stderr } = await readFirstThenLeave('--json', '--jobs', '1', 'many');
    expect(status).toBe(1);
    expect(stderr).toMatch(/^reprocess: stopped after \d+ of 40 files: the output's reader went away/);
  });

  it('exits 0 when every output was written before the reader went away', async () => {
    const child = cli.start('--out', 'whole', 'yoyo.csv');
    child.stdout.destroy();
    const status = await new Promise((resolve) => child.on('close', resolve));
    expect(status).toBe(0);
    expect(readdirSync(at('whole'))).toEqual(['yoyo-200hz-calcV0-calcA1.csv']);
  });
});

describe('npm run reprocess --json', () => {
  it('lists every file that failed, with its problem, and where in the file when the reader said', () => {
    const { status, stdout } = run('--json', '--out', 'o', 'letters.csv', 'yoyo.csv', 'missing.csv', join('again', 'yoyo.csv'));
    expect(status).toBe(1);
    const doc = JSON.parse(stdout) as JsonDocument;
    expect(doc.version).toBe(5);
    expect(doc.files.map((f) => f.file)).toEqual(['yoyo.csv']);
    expect(doc.failed).toEqual([
      { file: 'missing.csv', problem: 'no such file or folder', row: null, column: null },
      { file: 'letters.csv', problem: 'row 4, column "Angle": "abc" is not a number', row: 4, column: 'Angle' },
      { file: join('again', 'yoyo.csv'), problem: `${join('o', 'yoyo-200hz-calcV0-calcA1.csv')} is already the output of yoyo.csv, an input file of the same name`, row: null, column: null },
    ]);
  });
});

describe('npm run reprocess --jobs', () => {
  const PEAK = 'process.on("exit", () => process.stderr.write(`maxRSS ${process.resourceUsage().maxRSS}\\n`))';
  /** The command's peak resident memory, kB, over the main thread and its workers. */
  const peak = (...args: string[]) => {
    const { status, stderr } = cli.runWith({ NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(PEAK)}` }, ...args);
    expect(status).toBe(0);
    return Math.max(...[...stderr.matchAll(/maxRSS (\d+)/g)].map((m) => Number(m[1])));
  };

  it('runs no more workers than the machine has cores: 1000 asked for on 40 files take the memory of one per core', () => {
    const cores = String(availableParallelism());
    const capped = peak('--json', '--jobs', '1000', 'many');
    const perCore = peak('--json', '--jobs', cores, 'many');
    expect(capped / perCore).toBeLessThan(1.3);
  });
});
