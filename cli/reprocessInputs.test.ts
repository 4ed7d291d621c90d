/**
 * The batch command, bundled and run by `node`, on the inputs and outputs a user's machine
 * throws at it: line ends of another system, folders of symbolic links, a file with no plates
 * known (inertia 0), and files that hold no rep (a reader that stops reading:
 * reprocessOutputs.test.ts).
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INERTIA_FIGURES } from '../src/rules/inertiaMetrics';
import type { JsonDocument } from './json';
import { buildBundle, type Bundle } from './testing/bundle';
import { EXPECTED, HEADER, yoyoCsv } from './testing/yoyo';

let cli: Bundle;
const run = (...args: string[]) => cli.run(...args);

/** The rows of the session CSV's block whose heading starts with `first`. */
function csvBlock(path: string, first: string): string[][] {
  const blocks = readFileSync(join(cli.dir, path), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n\r\n');
  return Papa.parse<string[]>(blocks.find((block) => block.startsWith(first))!).data;
}

beforeAll(async () => {
  cli = await buildBundle();
  const at = (name: string) => join(cli.dir, name);
  writeFileSync(at('yoyo.csv'), yoyoCsv());
  writeFileSync(at('cr.csv'), yoyoCsv(1, 0, '\r'));
  // A folder of recordings as links: to a file, to a file by a name without .csv, to nothing,
  // in a loop, to a folder; and a plain file among them.
  mkdirSync(at('links'));
  writeFileSync(at('links/plain.csv'), yoyoCsv());
  symlinkSync('../yoyo.csv', at('links/linked.csv'));
  symlinkSync('../cr.csv', at('links/latest'));
  symlinkSync('gone.csv', at('links/dangling.csv'));
  symlinkSync('loop-b.csv', at('links/loop-a.csv'));
  symlinkSync('loop-a.csv', at('links/loop-b.csv'));
  symlinkSync('..', at('links/folder.csv'));
  symlinkSync('yoyo.csv', at('linked-yoyo.csv'));
  // Files without a rep: the rope only sways 90°; a single pull that never comes back; every
  // angle beyond what the engine takes (±10¹²); one sample left after the others go.
  const rows = (n: number, row: (i: number) => string) => [HEADER, ...Array.from({ length: n }, (_, i) => row(i))].join('\n') + '\n';
  writeFileSync(at('sway.csv'), rows(2000, (i) => `${i + 1},${90 * Math.cos((2 * Math.PI * i * 0.005) / 4)},${1e6 + 5000 * i},,`));
  writeFileSync(at('pull.csv'), rows(2000, (i) => `${i + 1},${1800 - Math.min(i, 400) * 4},${1e6 + 5000 * i},,`));
  writeFileSync(at('huge.csv'), rows(2000, (i) => `${i + 1},1e13,${1e6 + 5000 * i},,`));
  writeFileSync(at('lone.csv'), rows(3, (i) => `${i + 1},${i === 0 ? 0 : 1e13},${1e6 + 5000 * i},,`));
  writeFileSync(at('one.csv'), rows(1, () => '1,0,1000000,,'));
}, 60_000);

afterAll(() => cli.remove());

describe('npm run reprocess reads', () => {
  it('a file whose lines end in CR alone, every sample of it', () => {
    const { status, stdout, stderr } = run('--json', '--inertia', '0.05', 'cr.csv', 'yoyo.csv');
    expect([status, stderr]).toEqual([0, '']);
    const [cr, crlf] = (JSON.parse(stdout) as JsonDocument).files;
    expect(cr!.samples).toBe(crlf!.samples);
    expect(cr!.runs).toEqual(crlf!.runs);
  });

  it('the .csv files a folder links to, by the link’s name or the target’s, and names a dangling link and a loop on stderr', () => {
    const { status, stdout, stderr } = run('--hz', '100', 'links');
    expect(status).toBe(1);
    expect(stdout.match(/^\S+(?=: \d+ samples)/gm)).toEqual([join('links', 'latest'), join('links', 'linked.csv'), join('links', 'plain.csv')]);
    expect(stderr.trim().split('\n')).toEqual([
      `reprocess: ${join('links', 'dangling.csv')}: a symbolic link to gone.csv, which does not exist`,
      `reprocess: ${join('links', 'loop-a.csv')}: a loop of symbolic links (it leads back to itself)`,
      `reprocess: ${join('links', 'loop-b.csv')}: a loop of symbolic links (it leads back to itself)`,
    ]);
  });

  it('a link given by name, and names a dangling one given by name', () => {
    const good = run('--json', 'linked-yoyo.csv');
    expect([good.status, good.stderr]).toEqual([0, '']);
    expect((JSON.parse(good.stdout) as JsonDocument).files[0]!.samples).toBe(1900);
    const bad = run(join('links', 'dangling.csv'));
    expect([bad.status, bad.stderr]).toEqual([1, `reprocess: ${join('links', 'dangling.csv')}: a symbolic link to gone.csv, which does not exist\n`]);
  });
});

describe('npm run reprocess writes', () => {
  it('at inertia 0 a "–" in the table, an empty cell in the session CSV and null in the JSON for every figure that needs the inertia', () => {
    const table = run('--out', 'no-plates', 'yoyo.csv');
    expect([table.status, table.stderr]).toEqual([0, '']);
    const [titles, row] = table.stdout.trimEnd().split('\n').slice(1).map((line) => line.trim().split(/\s{2,}/));
    const shown = Object.fromEntries(titles!.map((title, i) => [title, row![i]]));
    expect([shown['Con force N'], shown['Con power W'], shown['Ecc force N'], shown['Ecc power W']]).toEqual(['–', '–', '–', '–']);
    expect(Math.abs(Number(shown['Con v m/s']) / EXPECTED.velocity - 1)).toBeLessThan(0.03);

    const reps = csvBlock(join('no-plates', 'yoyo-200hz-calcV0-calcA1.csv'), 'Rep,Con');
    const empty = reps[0]!.map((heading, column) => [heading, reps.slice(1).every((r) => r[column] === '')]);
    expect(empty.filter(([, blank]) => blank).map(([heading]) => heading)).toEqual(
      ['Con', 'Ecc'].flatMap((phase) => ['Torque (N·m)', 'Tangential Force (N)', 'Net Force (N)', 'Power (W)'].map((label) => `${phase} ${label}`)),
    );
    expect(csvBlock(join('no-plates', 'yoyo-200hz-calcV0-calcA1.csv'), 'Rep,Set').slice(1).map((r) => r.slice(2))).toEqual(Array.from({ length: 4 }, () => ['', '', '', '', '', '']));
    const [set] = csvBlock(join('no-plates', 'yoyo-200hz-calcV0-calcA1.csv'), 'Set,').slice(1);
    expect([set![8], set![9]]).toEqual(['', '']);

    const json = run('--json', 'yoyo.csv');
    const [runAt] = (JSON.parse(json.stdout) as JsonDocument).files[0]!.runs;
    for (const rep of runAt!.reps) {
      for (const phase of [rep.concentric, rep.eccentric]) {
        for (const [key, value] of Object.entries(phase)) expect([key, value === null]).toEqual([key, INERTIA_FIGURES.has(key as keyof typeof phase)]);
      }
      expect([rep.peakPowerRatio, rep.meanPowerRatio]).toEqual([null, null]);
    }
    expect([runAt!.sets[0]!.work, runAt!.sets[0]!.eccentricOverload]).toEqual([null, null]);
  });
});

describe('npm run reprocess says why a file gives no rep', () => {
  it('on stderr, with --json too, per reason and the rates it holds for, and still exits 0', () => {
    const { status, stdout, stderr } = run('--json', '--hz', '100,200', 'sway.csv', 'pull.csv', 'huge.csv', 'lone.csv', 'one.csv', 'yoyo.csv');
    expect(status).toBe(0);
    expect((JSON.parse(stdout) as JsonDocument).files.map((f) => [f.file, f.runs.map((r) => r.reps.length)])).toEqual([
      ['sway.csv', [0, 0]],
      ['pull.csv', [0, 0]],
      ['huge.csv', [0, 0]],
      ['lone.csv', [0, 0]],
      ['one.csv', [0, 0]],
      ['yoyo.csv', [4, 4]],
    ]);
    const dropped = 'a sample is dropped when its time does not increase or a value is not a finite number within ±10¹²';
    expect(stderr.trim().split('\n')).toEqual([
      'reprocess: sway.csv: no rep at 100 and 200 Hz: the rope moved 90° in all (the span of |angle|); a rep is a pull of 180° or more and a return of 180° or more',
      'reprocess: pull.csv: no rep at 100 and 200 Hz: the rope moved 1600° in all, but no pull of 180° or more was followed by a return of 180° or more that came to rest or led into the next pull (a recording that starts in the middle of a pull, or ends in the middle of a return, makes no rep of it)',
      `reprocess: huge.csv: no rep at 100 and 200 Hz: the engine dropped all 2000 samples (${dropped})`,
      `reprocess: lone.csv: no rep at 100 and 200 Hz: the engine dropped 2 of 3 samples (${dropped}); a rep needs movement over time, and one sample has none`,
      'reprocess: one.csv: no rep at 100 and 200 Hz: the file holds 1 sample; a rep needs movement over time, and one sample has none',
    ]);
  });
});
