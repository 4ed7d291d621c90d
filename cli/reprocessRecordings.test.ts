/**
 * The batch command on recordings that can be read but whose figures need a caution: rows out
 * of order (dropped, counted and said, instead of the file being refused), and files recorded at
 * a rate below the one the engine's figures need (rules/recordingNotes.ts), said in the summary,
 * the JSON and on stderr. The bundle is built and run as in reprocess.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonDocument } from './json';
import { buildBundle, type Bundle } from './testing/bundle';
import { EXPECTED, yoyoCsv } from './testing/yoyo';

let cli: Bundle;
const run = (...args: string[]) => cli.run(...args);

/** A debug CSV (the yo-yo unless said) with its data rows edited by `edit`, which returns the rows in their new order. */
function edited(edit: (rows: string[]) => string[], csv = yoyoCsv()): string {
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  return [header, ...edit(rows)].join('\r\n') + '\r\n';
}

const DROPPED = 'rows dropped because the time was not after the row before (a repeated line, two lines swapped, or two samples with the same time)';

beforeAll(async () => {
  cli = await buildBundle();
  const at = (name: string) => join(cli.dir, name);
  writeFileSync(at('yoyo.csv'), yoyoCsv());
  // Row 100 written twice (in the rest before the first pull: the file's line 102 is the
  // repeat), rows 600 and 601 swapped mid-pull, row 900 stamped with row 899's time.
  writeFileSync(
    at('logger.csv'),
    edited((rows) => {
      const out = [...rows];
      [out[599], out[600]] = [out[600]!, out[599]!];
      const cells = out[899]!.split(',');
      out[899] = [cells[0], cells[1], out[898]!.split(',')[2], '', ''].join(',');
      out.splice(100, 0, out[99]!);
      return out;
    }),
  );
  // The logger stalled mid-pull of the second rep: every time from row 600 on is late by 1e9 µs
  // (17 minutes), and in another file by 1e12 µs (11.6 days).
  for (const [name, lateUs] of [['stalled.csv', 1e9], ['stalled-days.csv', 1e12]] as const) {
    writeFileSync(at(name), edited((rows) => rows.map((row, i) => (i < 600 ? row : row.replace(/^(\d+),([^,]+),(\d+)/, (_, n, a, t) => `${n},${a},${Number(t) + lateUs}`)))));
  }
  writeFileSync(at('letters.csv'), edited((rows) => rows.map((row, i) => (i === 700 ? row.replace(/^(\d+),[^,]+/, '$1,1.2.3') : row))));
  for (const hz of [10, 20, 50, 100, 1000]) writeFileSync(at(`at-${hz}hz.csv`), yoyoCsv(1, 0, '\r\n', 1 / hz));
  // 100 Hz with ±1.5 ms of timing jitter and the logger paused for 3 s in the rest before the
  // pull: its median step is still 10 ms.
  writeFileSync(
    at('jittery-100hz.csv'),
    edited((rows) =>
      rows.map((row, i) => {
        const cells = row.split(',');
        const jitter = Math.round(1500 * Math.sin(i * 1.7));
        return [cells[0], cells[1], String(Number(cells[2]) + jitter + (i > 50 ? 3_000_000 : 0)), '', ''].join(',');
      }),
      yoyoCsv(1, 0, '\r\n', 0.01),
    ),
  );
}, 60_000);

afterAll(() => cli.remove());

describe('npm run reprocess, on a file with rows out of order', () => {
  it('drops the repeated, swapped and same-time rows, counts them in the summary, the JSON and on stderr, and gives the clean file’s reps', () => {
    const clean = JSON.parse(run('--json', '--hz', '100,200,500', '--inertia', '0.05', 'yoyo.csv').stdout) as JsonDocument;
    const { status, stdout, stderr } = run('--json', '--hz', '100,200,500', '--inertia', '0.05', 'logger.csv');
    expect(status).toBe(0);
    const warning = `3 ${DROPPED}, the first at row 102`;
    expect(stderr).toBe(`reprocess: logger.csv: ${warning}\n`);
    const [file] = (JSON.parse(stdout) as JsonDocument).files;
    expect([file!.samples, file!.warnings]).toEqual([clean.files[0]!.samples - 2, [warning]]);
    for (const [k, runAt] of file!.runs.entries()) {
      expect(runAt.problems.droppedRows).toBe(3);
      const truth = clean.files[0]!.runs[k]!;
      expect(runAt.reps.map((r) => r.count)).toEqual(truth.reps.map((r) => r.count));
      for (const [i, rep] of runAt.reps.entries()) {
        expect(Math.abs(rep.concentric.velocity / truth.reps[i]!.concentric.velocity - 1)).toBeLessThan(0.005);
        expect(Math.abs(rep.eccentric.velocity / EXPECTED.velocity - 1)).toBeLessThan(0.03);
      }
    }
    const table = run('--hz', '200', 'logger.csv').stdout.split('\n');
    expect(table[0]).toBe('logger.csv: 1898 samples recorded at 200 Hz, 0 skipped, 3 rows dropped');
    expect(table).toContain(`  warning: ${warning}`);
  });

  it('still refuses a row that is not numbers, naming its row and column', () => {
    const { status, stdout, stderr } = run('--json', 'letters.csv');
    expect(status).toBe(1);
    expect(stderr).toBe('reprocess: letters.csv: row 702, column "Angle": "1.2.3" is not a number\n');
    expect((JSON.parse(stdout) as JsonDocument).failed).toEqual([{ file: 'letters.csv', problem: 'row 702, column "Angle": "1.2.3" is not a number', row: 702, column: 'Angle' }]);
  });
});

describe('npm run reprocess, on a file recorded below the rate the engine’s figures need', () => {
  it.each([10, 20, 50])('names a %i Hz file reprocessed at 200 Hz in the summary, the JSON and on stderr, and still reprocesses it', (hz) => {
    const name = `at-${hz}hz.csv`;
    const json = run('--json', '--hz', '200', '--inertia', '0.05', name);
    expect(json.status).toBe(0);
    const [file] = (JSON.parse(json.stdout) as JsonDocument).files;
    expect(file!.recordedHz).toBe(hz);
    expect(file!.warnings).toHaveLength(1);
    expect(file!.warnings[0]).toMatch(new RegExp(`^recorded at ${hz} Hz \\(a sample every ${1000 / hz} ms\\), below the 100 Hz the engine's figures need`));
    expect(json.stderr).toBe(`reprocess: ${name}: ${file!.warnings[0]}\n`);
    const table = run('--hz', '200', name).stdout;
    expect(table).toContain(`${name}: ${file!.samples} samples recorded at ${hz} Hz, 0 skipped\n`);
    expect(table).toContain(`  warning: ${file!.warnings[0]}\n`);
  });

  it('says nothing of a file recorded at 100 Hz or more, jittered and paused or not, at any rate, where the figures hold', () => {
    const { status, stdout, stderr } = run('--json', '--hz', '100,1000', 'at-100hz.csv', 'jittery-100hz.csv', 'yoyo.csv', 'at-1000hz.csv');
    expect([status, stderr]).toEqual([0, '']);
    const files = (JSON.parse(stdout) as JsonDocument).files;
    expect(files.map((f) => [f.recordedHz === null ? null : Math.round(f.recordedHz), f.warnings])).toEqual([
      [100, []],
      [100, []],
      [200, []],
      [1000, []],
    ]);
    // And rightly: the 100 Hz file's figures at 1000 Hz are the physics'.
    for (const rep of files[0]!.runs[1]!.reps.slice(1)) expect(Math.abs(rep.concentric.velocity / EXPECTED.velocity - 1)).toBeLessThan(0.03);
  });
});

describe('npm run reprocess, on a file whose clock stalls mid-pull', () => {
  it.each(['stalled.csv', 'stalled-days.csv'])('%s: the gap splits the pull, is counted and said, and every rep after it is read as before', (name) => {
    const clean = JSON.parse(run('--json', '--hz', '100,200,500', '--inertia', '0.05', 'yoyo.csv').stdout) as JsonDocument;
    const { status, stdout } = run('--json', '--hz', '100,200,500', '--inertia', '0.05', name);
    expect(status).toBe(0);
    const [file] = (JSON.parse(stdout) as JsonDocument).files;
    expect(file!.samples).toBe(clean.files[0]!.samples);
    for (const runAt of file!.runs) {
      expect(runAt.problems.gaps).toBe(1);
      // The rep the gap cut is not counted, and no phase spans the gap.
      expect(runAt.reps).toHaveLength(clean.files[0]!.runs[0]!.reps.length - 1);
      for (const rep of runAt.reps) {
        expect(rep.concentric.duration).toBeLessThan(1.1 * EXPECTED.duration);
        expect(Math.abs(rep.concentric.velocity / EXPECTED.velocity - 1)).toBeLessThan(0.03);
      }
    }
    expect(run('--hz', '200', name).stdout).toContain('  200 Hz: the samples stop for more than a second 1 time: no phase spans a gap, so a rep a gap cut is not counted\n');
  });
});
