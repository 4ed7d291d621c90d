/**
 * The batch command end to end: the real bundle (built here with the CLI's Vite config, wasm
 * engine inlined) run by `node` on debug CSVs generated from a yo-yo's physics in a temp folder
 * (testing/yoyo.ts has the recording and its figures by hand).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rep } from '../src/engine/types';
import { summariseSet } from '../src/rules/sets';
import type { JsonDocument } from './json';
import { buildBundle, type Bundle } from './testing/bundle';
import { EXPECTED, HEADER, PERIOD_S, R, yoyoCsv } from './testing/yoyo';

let cli: Bundle;
let dir: string;
const run = (...args: string[]) => cli.run(...args);

beforeAll(async () => {
  cli = await buildBundle();
  dir = cli.dir;
  writeFileSync(join(dir, 'yoyo.csv'), yoyoCsv());
  writeFileSync(join(dir, 'letters.csv'), `${HEADER}\n1,0,1000,,\n2,1,2000,,\n3,abc,3000,,\n`);
  writeFileSync(join(dir, 'short.csv'), `${HEADER}\n1,0,1000,,\n2,1,2000,\n`);
  // Two sets of the yo-yo 30 s apart (longer than the 20 s set rest); a folder of good and bad
  // files for the parallel runs; a second yoyo.csv whose session CSVs would overwrite the first's.
  mkdirSync(join(dir, 'sets'));
  writeFileSync(join(dir, 'sets', 'two.csv'), yoyoCsv(2, 30));
  mkdirSync(join(dir, 'many'));
  writeFileSync(join(dir, 'many', '1-yoyo.csv'), yoyoCsv());
  writeFileSync(join(dir, 'many', '2-letters.csv'), `${HEADER}\n1,0,1000,,\n2,1,2000,,\n3,abc,3000,,\n`);
  writeFileSync(join(dir, 'many', '3-two-sets.csv'), yoyoCsv(2, 30));
  writeFileSync(join(dir, 'many', '4-short.csv'), `${HEADER}\n1,0,1000,,\n2,1,2000,\n`);
  writeFileSync(join(dir, 'many', '5-yoyo.csv'), yoyoCsv());
  mkdirSync(join(dir, 'again'));
  writeFileSync(join(dir, 'again', 'yoyo.csv'), yoyoCsv());
  // The yo-yo with its angle's sign flipped at three rows (in the rest before, mid-pull, at the
  // top between two strokes), timed in µs since 1970, and a rope that never moves.
  mkdirSync(join(dir, 'problems'));
  const rows = yoyoCsv().trimEnd().split('\r\n');
  const edit = (f: (cells: string[], row: number) => string[]) => [rows[0], ...rows.slice(1).map((line, k) => f(line.split(','), k + 1).join(','))].join('\r\n') + '\r\n';
  writeFileSync(join(dir, 'problems', 'flipped.csv'), edit((c, row) => ([50, 250, 500].includes(row) ? [c[0]!, String(-Number(c[1])), ...c.slice(2)] : c)));
  writeFileSync(join(dir, 'problems', 'epoch.csv'), edit((c) => [c[0]!, c[1]!, String(1_700_000_000_000_000 + Number(c[2])), ...c.slice(3)]));
  writeFileSync(join(dir, 'problems', 'still.csv'), edit((c) => [c[0]!, '1800', ...c.slice(2)]));
}, 60_000);

afterAll(() => cli.remove());

describe('npm run reprocess', () => {
  it('prints the help on stdout and exits 0', () => {
    const { status, stdout, stderr } = run('--help');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Reprocesses recorded debug CSVs/);
    expect(stdout).toContain('--hz <list>');
    expect(stdout).toMatch(/Exit status: 0 when every file was processed, 1 when any file failed or the output's reader left\nbefore every file was, 2 on a usage error or when --out would write over an input\.\n$/);
    expect(stdout).toMatch(/--jobs <n> +files processed at once, each in a worker thread, 1 or more; at most one per core \(\d+ here\) and as many as free memory holds/);
    expect(stderr).toBe('');
  });

  it('prints only the JSON document, with the physics’ reps at every rate', () => {
    const { status, stdout, stderr } = run('--json', '--hz', '100,200,500', '--inertia', '0.05', 'yoyo.csv');
    expect([status, stderr]).toEqual([0, '']);
    const doc = JSON.parse(stdout) as JsonDocument;
    expect(Object.keys(doc)).toEqual(['version', 'files', 'failed']);
    expect([doc.version, doc.failed]).toEqual([5, []]);
    const [file] = doc.files;
    expect(Object.keys(file!)).toEqual(['file', 'samples', 'skipped', 'recordedHz', 'warnings', 'runs']);
    expect([file!.file, file!.samples, file!.skipped, file!.recordedHz, file!.warnings]).toEqual(['yoyo.csv', 1900, 0, 200, []]);
    expect(file!.runs.map((r) => r.hz)).toEqual([100, 200, 500]);
    for (const runAt of file!.runs) {
      expect(Object.keys(runAt)).toEqual(['hz', 'reps', 'sets', 'problems', 'noReps']);
      // A clean yo-yo: nothing set aside, and reps.
      expect([runAt.problems, runAt.noReps]).toEqual([{ rejected: 0, unwrapped: 0, saturated: 0, saturationDeg: 0, refused: 0, gaps: 0, droppedRows: 0 }, null]);
      expect(runAt.reps.map((r) => r.count)).toEqual([0, 1, 2, 3]);
      expect(runAt.reps.map((r) => r.set)).toEqual([1, 1, 1, 1]);
      expect(runAt.sets.map((s) => [s.set, s.reps, s.counted])).toEqual([[1, 4, 3]]);
      for (const rep of runAt.reps.slice(1)) {
        expect(Object.keys(rep)).toEqual(['count', 'set', 'concentric', 'eccentric', 'peakPowerRatio', 'meanPowerRatio']);
        // A yo-yo whose pull and return mirror each other overloads nothing: both ratios are 1.
        expect(rep.meanPowerRatio).toBeCloseTo(1, 1);
        for (const phase of [rep.concentric, rep.eccentric]) {
          // The engine's own phase summary, field for field (named in engine-rs/src/bindings.rs).
          expect(Object.keys(phase).sort()).toEqual(['acceleration', 'duration', 'force', 'linearForce', 'netForce', 'peakPower', 'peakVelocity', 'power', 'torque', 'velocity', 'work']);
          expect(phase.duration).toBeCloseTo(EXPECTED.duration, 1);
          expect(Math.abs(phase.velocity / EXPECTED.velocity - 1)).toBeLessThan(0.02);
          expect(Math.abs(phase.peakVelocity / EXPECTED.peakVelocity - 1)).toBeLessThan(0.02);
          expect(Math.abs(phase.torque! / EXPECTED.torque - 1)).toBeLessThan(0.03);
          expect(phase.force).toBeCloseTo(phase.torque! / R, 6);
        }
      }
    }
  });

  it('counts the samples the engine rejected, takes any clock, and says why a file has no rep', () => {
    const still = 'the rope moved 0° in all (the span of |angle|); a rep is a pull of 180° or more and a return of 180° or more';
    const { status, stdout, stderr } = run('--json', '--inertia', '0.05', 'problems');
    expect([status, stderr]).toEqual([0, `reprocess: problems/still.csv: no rep at 200 Hz: ${still}\n`]);
    const files = Object.fromEntries((JSON.parse(stdout) as JsonDocument).files.map((f) => [f.file, f.runs[0]!]));
    expect(Object.keys(files).sort()).toEqual(['problems/epoch.csv', 'problems/flipped.csv', 'problems/still.csv']);
    expect([files['problems/flipped.csv']!.reps.length, files['problems/flipped.csv']!.problems.rejected]).toEqual([4, 3]);
    expect([files['problems/epoch.csv']!.reps.length, files['problems/epoch.csv']!.noReps]).toEqual([4, null]);
    expect([files['problems/still.csv']!.reps.length, files['problems/still.csv']!.noReps]).toEqual([0, still]);
    const table = run('--hz', '200', 'problems/still.csv', 'problems/flipped.csv').stdout;
    expect(table).toContain('  200 Hz: 3 samples rejected as glitches no rope can make\n');
  });

  it('reports each bad file on stderr by name and row, still processes the good one, and exits 1', () => {
    const { status, stdout, stderr } = run('--json', 'letters.csv', 'yoyo.csv', 'short.csv', 'missing.csv');
    expect(status).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'reprocess: missing.csv: no such file or folder',
      'reprocess: letters.csv: row 4, column "Angle": "abc" is not a number',
      'reprocess: short.csv: row 3: expected 5 columns (#, Angle, Time (µs), Angular Velocity (rad/s), Angular Acceleration (rad/s²)), found 4',
    ]);
    expect((JSON.parse(stdout) as JsonDocument).files.map((f) => f.file)).toEqual(['yoyo.csv']);
  });

  it('prints a table per file with one row per rate, and no progress bar when stderr is not a terminal', () => {
    const { status, stdout, stderr } = run('--hz', '200,100', '--inertia', '0.05', 'yoyo.csv');
    expect([status, stderr]).toEqual([0, '']);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('yoyo.csv: 1900 samples recorded at 200 Hz, 0 skipped');
    expect(lines[1]).toMatch(/^\s+Hz\s+Rejected\s+Sets\s+Warmup\s+Reps\s+Con time s\s+Con v m\/s/);
    expect(lines.slice(2).map((l) => l.trim().split(/\s+/)[1])).toEqual(['0', '0']);
    const rows = lines.slice(2).map((l) => l.trim().split(/\s+/)).map((r) => [r[0], ...r.slice(2, 7)]);
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['200', '1', '1', '3'],
      ['100', '1', '1', '3'],
    ]);
    // A quarter period out, at r·A/(P/4) m/s: within a step and a half (15 ms) and 3 %.
    for (const [, , , , time, velocity] of rows) {
      expect(Math.abs(Number(time) - PERIOD_S / 4)).toBeLessThanOrEqual(0.015);
      expect(Math.abs(Number(velocity) / EXPECTED.velocity - 1)).toBeLessThan(0.03);
    }
  });

  it('writes a session CSV per good file and rate into --out, reading a folder as its .csv files', () => {
    const { status } = run('--out', 'out', '--hz', '100,500', '--mass', '70', '--inertia', '0.05', '--calc-velocity', '.');
    expect(status).toBe(1);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['yoyo-100hz-calcV1-calcA1.csv', 'yoyo-500hz-calcV1-calcA1.csv']);
    const file = readFileSync(join(dir, 'out', 'yoyo-500hz-calcV1-calcA1.csv'), 'utf8');
    // A UTF-8 byte-order mark first, as in the app's exports, so a spreadsheet reads µ, ° and ².
    expect(file.startsWith('\uFEFF')).toBe(true);
    const csv = file.slice(1);
    const blocks = csv.trimEnd().split('\r\n\r\n').map((b) => Papa.parse<string[]>(b).data);
    expect(blocks.map((b) => b[0]![0])).toEqual(['Date', 'Rep', 'Plate (kg·m²)', 'Time (µs)', 'Set', 'Rep']);
    // One set of four reps, its warmup left out; the batch command does not know the plates or boost a set was done at.
    expect(blocks[4]!.slice(1).map((row) => row.slice(0, 5))).toEqual([['1', '', '', '4', '3']]);
    expect(blocks[0]!.slice(1)).toEqual([['Firmware', 'v0.0.0'], ['Mass (kg)', '70'], ['Inertia (kg·m²)', '0.05']]);
    expect(blocks[1]!.slice(1).map((row) => row[0])).toEqual(['W', '1', '2', '3']);
    expect(Math.abs(Number(blocks[1]![2]![2]) / EXPECTED.velocity - 1)).toBeLessThan(0.02);
    expect(blocks[3]).toHaveLength(1 + 1900);
    expect(blocks[3]![1]).toEqual(['1000000', '1800']);
  });

  it('splits each run into sets at rests longer than 20 s, counts each set from its own warmup, with the figures rules/sets.ts gives each set', () => {
    const { status, stdout, stderr } = run('--json', '--hz', '200', '--inertia', '0.05', 'sets/two.csv');
    expect([status, stderr]).toEqual([0, '']);
    const [runAt] = (JSON.parse(stdout) as JsonDocument).files[0]!.runs;
    // Each set counted from its own warmup, as the app counts it.
    expect(runAt!.reps.map((r) => [r.count, r.set])).toEqual([[0, 1], [1, 1], [2, 1], [3, 1], [0, 2], [1, 2], [2, 2], [3, 2]]);
    expect(runAt!.sets.map((s) => Object.keys(s))).toEqual(
      [1, 2].map(() => ['set', 'reps', 'counted', 'bestConcentricVelocity', 'meanConcentricVelocity', 'velocityLoss', 'work', 'eccentricOverload']),
    );
    for (const set of runAt!.sets) {
      const reps = runAt!.reps.filter((r) => r.set === set.set) as unknown as Rep[];
      const rules = summariseSet(set.set - 1, reps, { restS: 20, warmup: 1, metric: 'velocity', phase: 'concentric' });
      expect(set).toEqual({
        set: set.set,
        reps: 4,
        counted: 3,
        bestConcentricVelocity: rules.best,
        meanConcentricVelocity: rules.mean,
        velocityLoss: rules.velocityLoss,
        work: rules.work,
        eccentricOverload: rules.overload,
      });
      // The physics: every stroke alike, so no velocity loss and no eccentric overload.
      expect(Math.abs(set.meanConcentricVelocity! / EXPECTED.velocity - 1)).toBeLessThan(0.02);
      expect(set.velocityLoss).toBeLessThan(1);
      expect(set.work).toBeGreaterThan(0);
      expect(set.eccentricOverload).toBeCloseTo(1, 1);
    }
  });

  it.each([['--json'], ['--hz', '100,200']])('prints the same with --jobs 1 and --jobs 3, in input order, bad files included (%s)', (...options) => {
    const inputs = ['many', 'missing.csv', 'yoyo.csv'];
    const one = run('--jobs', '1', ...options, ...inputs);
    const three = run('--jobs', '3', ...options, ...inputs);
    expect(three).toEqual(one);
    expect(one.status).toBe(1);
    expect(one.stderr.trim().split('\n')).toEqual([
      'reprocess: missing.csv: no such file or folder',
      `reprocess: ${join('many', '2-letters.csv')}: row 4, column "Angle": "abc" is not a number`,
      `reprocess: ${join('many', '4-short.csv')}: row 3: expected 5 columns (#, Angle, Time (µs), Angular Velocity (rad/s), Angular Acceleration (rad/s²)), found 4`,
    ]);
    const printed = options[0] === '--json' ? (JSON.parse(one.stdout) as JsonDocument).files.map((f) => f.file) : one.stdout.match(/^\S+(?=: \d+ samples)/gm);
    expect(printed).toEqual([join('many', '1-yoyo.csv'), join('many', '3-two-sets.csv'), join('many', '5-yoyo.csv'), 'yoyo.csv']);
  });

  it('exits 0 with several workers when every file is good', () => {
    const { status, stderr } = run('--jobs', '2', '--json', join('many', '1-yoyo.csv'), join('many', '5-yoyo.csv'), 'sets');
    expect([status, stderr]).toEqual([0, '']);
  });

  it('refuses a bad --jobs with exit status 2', () => {
    const { status, stdout, stderr } = run('--jobs', '0', 'yoyo.csv');
    expect([status, stdout]).toEqual([2, '']);
    expect(stderr).toMatch(/^reprocess: --jobs expects a whole number, 1 or more, got "0"\nRun with --help/);
  });

  it('fails the later of two inputs of the same name instead of overwriting its session CSVs', () => {
    const { status, stderr } = run('--jobs', '2', '--out', 'out-same', 'yoyo.csv', join('again', 'yoyo.csv'));
    expect(status).toBe(1);
    const target = join('out-same', 'yoyo-200hz-calcV0-calcA1.csv');
    expect(stderr).toBe(`reprocess: ${join('again', 'yoyo.csv')}: ${target} is already the output of yoyo.csv, an input file of the same name\n`);
    expect(readdirSync(join(dir, 'out-same'))).toEqual(['yoyo-200hz-calcV0-calcA1.csv']);
  });

  it('refuses an unknown option with exit status 2 and a hint', () => {
    const { status, stdout, stderr } = run('--speed', '2', 'yoyo.csv');
    expect([status, stdout]).toEqual([2, '']);
    expect(stderr).toMatch(/^reprocess: Unknown option '--speed'.*\nRun with --help to see the options\.\n$/s);
  });
});
