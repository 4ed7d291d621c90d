/**
 * The batch command end to end: the real bundle (built here with the CLI's Vite config, wasm
 * engine inlined) run by `node` on debug CSVs generated from a yo-yo's physics in a temp folder.
 *
 * The recording: a flywheel on a shaft of r = 0.014 m, angle θ(t) = A·cos(2πt/P) with A = 1800°
 * (5 turns) and P = 4 s, at rest 0.5 s before and 1 s after, sampled every 5 ms. The rope
 * position is |θ|, so each quarter period is one phase and N = 4 half periods are 4 reps.
 * Per phase, by hand:
 *   duration        P/4                                   = 1 s
 *   mean |v|        r·A/(P/4)         = 0.014·10π/1       = 0.43982 m/s
 *   peak |v|        r·A·2π/P          = 0.014·10π·π/2     = 0.69087 m/s
 *   mean |τ|        I·A·(2π/P)²·(2/π) = 0.05·10π·(π/2)²·2/π = 2.4674 N·m   (I = 0.05 kg·m²)
 *   force           τ/r                                   = 176.24 N
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonDocument } from './json';

const A_DEG = 1800;
const PERIOD_S = 4;
const STROKES = 4;
const R = 0.014;
const A_RAD = (A_DEG * Math.PI) / 180;
const EXPECTED = {
  duration: PERIOD_S / 4,
  velocity: (R * A_RAD) / (PERIOD_S / 4),
  peakVelocity: (R * A_RAD * 2 * Math.PI) / PERIOD_S,
  torque: 0.05 * A_RAD * ((2 * Math.PI) / PERIOD_S) ** 2 * (2 / Math.PI),
};
const HEADER = '#, Angle, Time (µs), Angular Velocity (rad/s), Angular Acceleration (rad/s²)';

let dir: string;
let bundle: string;

function yoyoCsv(): string {
  const rows = [HEADER];
  const rest0 = 0.5;
  const move = (STROKES * PERIOD_S) / 2;
  for (let i = 0; i * 0.005 < rest0 + move + 1; i++) {
    const t = Math.min(Math.max(i * 0.005 - rest0, 0), move);
    rows.push(`${i + 1},${A_DEG * Math.cos((2 * Math.PI * t) / PERIOD_S)},${1_000_000 + 5000 * i},,`);
  }
  return rows.join('\r\n') + '\r\n';
}

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bundle, ...args], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'repline-reprocess-'));
  const root = fileURLToPath(new URL('..', import.meta.url));
  await build({ root, configFile: join(root, 'vite.cli.config.ts'), logLevel: 'silent', build: { outDir: join(dir, 'dist-cli') } });
  bundle = join(dir, 'dist-cli', 'reprocess.js');
  writeFileSync(join(dir, 'yoyo.csv'), yoyoCsv());
  writeFileSync(join(dir, 'letters.csv'), `${HEADER}\n1,0,1000,,\n2,1,2000,,\n3,abc,3000,,\n`);
  writeFileSync(join(dir, 'backwards.csv'), `${HEADER}\n1,0,1000,,\n2,1,900,,\n`);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run reprocess', () => {
  it('prints the help on stdout and exits 0', () => {
    const { status, stdout, stderr } = run('--help');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Reprocesses recorded debug CSVs/);
    expect(stdout).toContain('--hz <list>');
    expect(stderr).toBe('');
  });

  it('prints only the JSON document, with the physics’ reps at every rate', () => {
    const { status, stdout, stderr } = run('--json', '--hz', '100,200,500', '--inertia', '0.05', 'yoyo.csv');
    expect([status, stderr]).toEqual([0, '']);
    const doc = JSON.parse(stdout) as JsonDocument;
    expect(Object.keys(doc)).toEqual(['version', 'files']);
    expect(doc.version).toBe(2);
    const [file] = doc.files;
    expect(Object.keys(file!)).toEqual(['file', 'samples', 'skipped', 'runs']);
    expect([file!.file, file!.samples, file!.skipped]).toEqual(['yoyo.csv', 1900, 0]);
    expect(file!.runs.map((r) => r.hz)).toEqual([100, 200, 500]);
    for (const runAt of file!.runs) {
      expect(Object.keys(runAt)).toEqual(['hz', 'reps']);
      expect(runAt.reps.map((r) => r.count)).toEqual([0, 1, 2, 3]);
      for (const rep of runAt.reps.slice(1)) {
        expect(Object.keys(rep)).toEqual(['count', 'concentric', 'eccentric', 'peakPowerRatio', 'meanPowerRatio']);
        // A yo-yo whose pull and return mirror each other overloads nothing: both ratios are 1.
        expect(rep.meanPowerRatio).toBeCloseTo(1, 1);
        for (const phase of [rep.concentric, rep.eccentric]) {
          // The engine's own phase summary, field for field (named in engine-rs/src/bindings.rs).
          expect(Object.keys(phase).sort()).toEqual(['acceleration', 'duration', 'force', 'linearForce', 'netForce', 'peakPower', 'peakVelocity', 'power', 'torque', 'velocity', 'work']);
          expect(phase.duration).toBeCloseTo(EXPECTED.duration, 1);
          expect(Math.abs(phase.velocity / EXPECTED.velocity - 1)).toBeLessThan(0.02);
          expect(Math.abs(phase.peakVelocity / EXPECTED.peakVelocity - 1)).toBeLessThan(0.02);
          expect(Math.abs(phase.torque / EXPECTED.torque - 1)).toBeLessThan(0.03);
          expect(phase.force).toBeCloseTo(phase.torque / R, 6);
        }
      }
    }
  });

  it('reports each bad file on stderr by name and row, still processes the good one, and exits 1', () => {
    const { status, stdout, stderr } = run('--json', 'letters.csv', 'yoyo.csv', 'backwards.csv', 'missing.csv');
    expect(status).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'reprocess: missing.csv: no such file or folder',
      'reprocess: letters.csv: row 4, column "Angle": "abc" is not a number',
      'reprocess: backwards.csv: row 3, column "Time (µs)": time 900 µs does not increase (the previous sample has 1000 µs)',
    ]);
    expect((JSON.parse(stdout) as JsonDocument).files.map((f) => f.file)).toEqual(['yoyo.csv']);
  });

  it('prints a table per file with one row per rate, and no progress bar when stderr is not a terminal', () => {
    const { status, stdout, stderr } = run('--hz', '200,100', '--inertia', '0.05', 'yoyo.csv');
    expect([status, stderr]).toEqual([0, '']);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('yoyo.csv: 1900 samples, 0 skipped');
    expect(lines[1]).toMatch(/^\s+Hz\s+Warmup\s+Reps\s+Con time s\s+Con v m\/s/);
    const rows = lines.slice(2).map((l) => l.trim().split(/\s+/).slice(0, 5));
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['200', '1', '3'],
      ['100', '1', '3'],
    ]);
    // A quarter period out, at r·A/(P/4) m/s: within a step and a half (15 ms) and 3 %.
    for (const [, , , time, velocity] of rows) {
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
    expect(blocks[4]!.slice(1).map((row) => row.slice(0, 3))).toEqual([['1', '4', '3']]);
    expect(blocks[0]!.slice(1)).toEqual([['Firmware', 'v0.0.0'], ['Mass (kg)', '70'], ['Inertia (kg·m²)', '0.05']]);
    expect(blocks[1]!.slice(1).map((row) => row[0])).toEqual(['W', '1', '2', '3']);
    expect(Math.abs(Number(blocks[1]![2]![2]) / EXPECTED.velocity - 1)).toBeLessThan(0.02);
    expect(blocks[3]).toHaveLength(1 + 1900);
    expect(blocks[3]![1]).toEqual(['1000000', '1800']);
  });

  it('refuses an unknown option with exit status 2 and a hint', () => {
    const { status, stdout, stderr } = run('--speed', '2', 'yoyo.csv');
    expect([status, stdout]).toEqual([2, '']);
    expect(stderr).toMatch(/^reprocess: Unknown option '--speed'.*\nRun with --help to see the options\.\n$/s);
  });
});
