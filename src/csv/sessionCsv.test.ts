import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { PhaseSummary, Rep } from '../engine/types';
import { buildSessionCsv, sessionCsvParts, type SessionCsvInput } from './sessionCsv';

/** A phase of a rope pulled 0.5 m in 1 s at constant speed: every other figure is just distinct. */
function phase(scale: number): PhaseSummary {
  return {
    duration: 1 * scale,
    velocity: 0.5 * scale,
    acceleration: 0.25 * scale,
    torque: 1.5 * scale,
    force: 107.14285714285714 * scale,
    linearForce: 90 * scale,
    netForce: 12.5 * scale,
    power: 53.57142857142857 * scale,
    peakVelocity: 0.785 * scale,
    peakPower: 80 * scale,
    work: 53.57142857142857 * scale,
  };
}

function rep(index: number, warmup: number, scale: number): Rep {
  return { index, count: index - warmup + 1, start: index * 100, turn: index * 100 + 50, end: index * 100 + 99, concentric: phase(scale), eccentric: phase(scale / 2), startUs: index * 3e6, endUs: index * 3e6 + 2e6, peakPowerRatio: 0.5, meanPowerRatio: 0.5 };
}

function input(overrides: Partial<SessionCsvInput> = {}): SessionCsvInput {
  return {
    date: new Date(Date.UTC(2026, 2, 1, 9, 30, 0, 250)),
    firmware: { major: 6, minor: 2, patch: 0 },
    mass: 85,
    inertia: 0.1125,
    reps: [rep(0, 1, 1), rep(1, 1, 2), rep(2, 1, 3)],
    plates: [
      { plate: 0.1, count: 1 },
      { plate: 0.0125, count: 1 },
    ],
    raw: { timeUs: [0, 5000, 10000], angleDeg: [0, 1.8, -3.6] },
    sets: { restS: 20, loads: [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.1125, boost: 20 }], warmup: 1, metric: 'velocity', phase: 'concentric' },
    ...overrides,
  };
}

/** The file as its blocks, each a list of parsed rows. */
function blocks(csv: string): string[][][] {
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv
    .slice(0, -2)
    .split('\r\n\r\n')
    .map((block) => Papa.parse<string[]>(block, { newline: '\r\n' }).data);
}

const PHASE_KEYS = ['duration', 'velocity', 'acceleration', 'torque', 'force', 'linearForce', 'netForce', 'power', 'peakVelocity'] as const;
const PHASE_HEADINGS = ['Delta Time (s)', 'Velocity (m/s)', 'Acceleration (m/s²)', 'Torque (N·m)', 'Tangential Force (N)', 'Linear Force (N)', 'Net Force (N)', 'Power (W)', 'Peak Velocity (m/s)'];

describe('buildSessionCsv', () => {
  it('writes the four documented blocks, then the sets and the power figures, separated by one empty line', () => {
    const [header, reps, plates, raw, sets, power, ...rest] = blocks(buildSessionCsv(input()));
    expect(rest).toEqual([]);
    // One set (1 s rests): W, then concentric velocities 1.0 and 1.5; work 53.57… × (2 + 1 + 3 + 1.5).
    expect(sets![0]).toEqual(['Set', 'Inertia (kg·m²)', 'Boost (%)', 'Reps', 'Counted', 'Best Con Velocity (m/s)', 'Mean Con Velocity (m/s)', 'Velocity Loss (%)', 'Work (J)', 'Eccentric Overload']);
    expect(sets!.slice(1)).toEqual([['1', '0.1125', '20', '3', '2', '1.5', '1.25', '0', '401.8', '0.5']]);
    expect(power![0]).toEqual(['Rep', 'Set', 'Con Peak Power (W)', 'Ecc Peak Power (W)', 'Con Work (J)', 'Ecc Work (J)', 'Peak Power Ratio', 'Mean Power Ratio']);
    expect(power!.slice(1)).toEqual([
      ['W', '1', '80', '40', '53.57', '26.79', '0.5', '0.5'],
      ['1', '1', '160', '80', '107.1', '53.57', '0.5', '0.5'],
      ['2', '1', '240', '120', '160.7', '80.36', '0.5', '0.5'],
    ]);
    expect(header).toEqual([
      ['Date', '2026-03-01T09:30:00.250Z'],
      ['Firmware', 'v6.2.0'],
      ['Mass (kg)', '85'],
      ['Inertia (kg·m²)', '0.1125'],
    ]);
    expect(reps![0]).toEqual(['Rep', ...PHASE_HEADINGS.map((h) => `Con ${h}`), ...PHASE_HEADINGS.map((h) => `Ecc ${h}`)]);
    expect(plates).toEqual([['Plate (kg·m²)', 'Count'], ['0.1', '1'], ['0.0125', '1']]);
    expect(raw).toEqual([['Time (µs)', 'Angle (°)'], ['0', '0'], ['5000', '1.8'], ['10000', '-3.6']]);
  });

  it('writes a row per set at each plate change, with the set’s inertia and boost, and leaves them empty when unknown', () => {
    // Reps start every 3 s; the plates and boost change after the second rep started.
    const loads = [
      { fromUs: Number.NEGATIVE_INFINITY, inertia: 0.1, boost: 0 },
      { fromUs: 4e6, inertia: 0.0125, boost: 30 },
    ];
    const sets = (how: Partial<SessionCsvInput['sets']>) => blocks(buildSessionCsv(input({ sets: { ...input().sets, ...how } })))[4]!.slice(1);
    expect(sets({ loads }).map((row) => row.slice(0, 5))).toEqual([['1', '0.1', '0', '2', '1'], ['2', '0.0125', '30', '1', '0']]);
    expect(sets({ loads: undefined }).map((row) => row.slice(0, 4))).toEqual([['1', '', '', '3']]);
  });

  it('labels the warmup reps W and numbers the others from 1', () => {
    const reps = [rep(0, 2, 1), rep(1, 2, 1), rep(2, 2, 1), rep(3, 2, 1)];
    const rows = blocks(buildSessionCsv(input({ reps, sets: { ...input().sets, warmup: 2 } })))[1]!.slice(1);
    expect(rows.map((r) => r[0])).toEqual(['W', 'W', '1', '2']);
  });

  it('numbers each set’s reps from that set’s own warmup, in the reps and the power blocks alike, whatever the engine counted', () => {
    // Three sets of three reps, 30 s apart (the set rest is 20 s); the engine counts on across them.
    const reps = Array.from({ length: 9 }, (_, i) => {
      const r = rep(i, 1, 1);
      const startUs = i * 3e6 + Math.floor(i / 3) * 30e6;
      return { ...r, startUs, endUs: startUs + 2e6 };
    });
    const [, repRows, , , setRows, powerRows] = blocks(buildSessionCsv(input({ reps })));
    expect(repRows!.slice(1).map((r) => r[0])).toEqual(['W', '1', '2', 'W', '1', '2', 'W', '1', '2']);
    expect(powerRows!.slice(1).map((r) => r.slice(0, 2))).toEqual([1, 2, 3].flatMap((set) => [['W', `${set}`], ['1', `${set}`], ['2', `${set}`]]));
    expect(setRows!.slice(1).map((r) => r.slice(3, 5))).toEqual([['3', '2'], ['3', '2'], ['3', '2']]);
  });

  it('leaves every figure that needs the inertia empty for the reps done at inertia 0, and writes the others', () => {
    // No plates for the first rep (inertia 0), then 0.1 kg·m² from the second rep on, after a long rest.
    const reps = [rep(0, 1, 1), { ...rep(1, 1, 2), startUs: 40e6, endUs: 42e6 }];
    const loads = [
      { fromUs: Number.NEGATIVE_INFINITY, inertia: 0, boost: 0 },
      { fromUs: 30e6, inertia: 0.1, boost: 0 },
    ];
    const [, repRows, , , setRows, powerRows] = blocks(buildSessionCsv(input({ reps, sets: { ...input().sets, loads, warmup: 0, metric: 'torque' } })));
    const needsInertia = ['Torque (N·m)', 'Tangential Force (N)', 'Net Force (N)', 'Power (W)'];
    const header = repRows![0]!;
    header.slice(1).forEach((heading, column) => {
      const [unknown, known] = [repRows![1]![column + 1], repRows![2]![column + 1]];
      expect([heading, unknown === '']).toEqual([heading, needsInertia.some((h) => heading.endsWith(h))]);
      expect(Number.isFinite(Number(known)) && known !== '').toBe(true);
    });
    expect(powerRows!.slice(1).map((r) => r.slice(2))).toEqual([
      ['', '', '', '', '', ''],
      ['160', '80', '107.1', '53.57', '0.5', '0.5'],
    ]);
    // Best and mean torque, work and overload of the first set are unknown; velocity loss is not.
    expect(setRows!.slice(1).map((r) => [r[5] === '', r[6] === '', r[7], r[8] === '', r[9] === ''])).toEqual([
      [true, true, '0', true, true],
      [false, false, '0', false, false],
    ]);
  });

  it('hands the same text over in pieces, the raw samples a slice at a time, from one batch or from pieces of it', () => {
    const timeUs = Array.from({ length: 10_000 }, (_, i) => 5000 * i);
    const angleDeg = timeUs.map((t) => Math.sin(t / 1e6) * 900);
    const whole = buildSessionCsv(input({ raw: { timeUs, angleDeg } }));
    const pieces = [0, 3000, 7000, 10_000].slice(1).map((end, i, ends) => {
      const start = i === 0 ? 0 : ends[i - 1]!;
      return { timeUs: timeUs.slice(start, end), angleDeg: angleDeg.slice(start, end) };
    });
    const parts = [...sessionCsvParts(input({ raw: pieces }))];
    expect(parts.join('')).toBe(whole);
    expect(blocks(whole)[3]!.slice(1).map((row) => row.map(Number))).toEqual(timeUs.map((t, i) => [t, Number(angleDeg[i]!.toFixed(4))]));
    // No piece holds more than a slice of the samples.
    expect(Math.max(...parts.map((part) => part.split('\r\n').length))).toBeLessThan(5000);
  });

  it('gives back the concentric and eccentric numbers to four significant digits when parsed', () => {
    const rows = blocks(buildSessionCsv(input()))[1]!.slice(1);
    // phase(2) and phase(1): 214.28571428571428 N and 107.14285714285714 N of force, 107.14285714285714 W of power.
    expect(rows[1]!.slice(1)).toEqual(['2', '1', '0.5', '3', '214.3', '180', '25', '107.1', '1.57', '1', '0.5', '0.25', '1.5', '107.1', '90', '12.5', '53.57', '0.785']);
  });

  it('writes every figure of random reps to four significant digits, within half a unit of the fourth', () => {
    const metric = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    const summary = fc.record({
      duration: metric, velocity: metric, acceleration: metric, torque: metric, force: metric,
      linearForce: metric, netForce: metric, power: metric, peakVelocity: metric, peakPower: metric, work: metric,
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(summary, summary), { maxLength: 10 }), (phases) => {
        const reps = phases.map(([concentric, eccentric], index) => ({ ...rep(index, 1, 1), concentric, eccentric }));
        const rows = blocks(buildSessionCsv(input({ reps })))[1]!.slice(1);
        expect(rows).toHaveLength(reps.length);
        rows.forEach((row, i) => {
          const r = reps[i]!;
          const truth = [...PHASE_KEYS.map((k) => r.concentric[k]), ...PHASE_KEYS.map((k) => r.eccentric[k])];
          row.slice(1).forEach((cell, c) => {
            expect(cell).toMatch(/^-?\d+(\.\d+)?$/);
            expect(cell.replace(/^-?0*\.?0*/, '').replace('.', '').replace(/0+$/, '').length).toBeLessThanOrEqual(4);
            const x = truth[c]!;
            const unit = x === 0 ? 0 : 10 ** (Math.floor(Math.log10(Math.abs(x))) - 3);
            expect(Math.abs(Number(cell) - x)).toBeLessThanOrEqual(Math.max(unit / 2, 5e-7) * (1 + 1e-9));
          });
        });
      }),
      { numRuns: 100 },
    );
  });

  it('writes the raw angles to 0.0001°, far finer than any angle sensor, and the times exactly', () => {
    // A float32 angle as the unit sends it, read back as a double.
    const angle = Math.fround(8123.456);
    const raw = blocks(buildSessionCsv(input({ raw: { timeUs: [3_600_000_005], angleDeg: [angle] } })))[3]!;
    expect(raw[1]).toEqual(['3600000005', '8123.4561']);
  });

  it('writes an empty rep block and plate table as their headers alone', () => {
    const [, reps, plates] = blocks(buildSessionCsv(input({ reps: [], plates: [] })));
    expect(reps).toHaveLength(1);
    expect(plates).toEqual([['Plate (kg·m²)', 'Count']]);
  });

  it('neutralises a unit name that would run as a spreadsheet formula', () => {
    const header = blocks(buildSessionCsv(input({ unitName: "=cmd|' /C calc'!A0" })))[0]!;
    expect(header.at(-1)).toEqual(['Unit', "'=cmd|' /C calc'!A0"]);
  });

  it('keeps a unit name with quotes, commas and a line break in one cell', () => {
    const header = blocks(buildSessionCsv(input({ unitName: 'Rack "B", bay\n2 µ' })))[0]!;
    expect(header.at(-1)).toEqual(['Unit', 'Rack "B", bay\n2 µ']);
  });

  it('refuses input it cannot write faithfully, saying what is wrong', () => {
    expect(() => buildSessionCsv(input({ date: new Date(NaN) }))).toThrow('Session CSV: the session date is not a valid date');
    expect(() => buildSessionCsv(input({ firmware: { major: 6, minor: 2.5, patch: 0 } }))).toThrow('Session CSV: firmware version 6.2.5.0 is not made of whole numbers');
    expect(() => buildSessionCsv(input({ mass: NaN }))).toThrow('Session CSV: mass NaN is not a finite number');
    const broken = rep(1, 1, 1);
    broken.eccentric.power = NaN;
    expect(() => buildSessionCsv(input({ reps: [broken] }))).toThrow('Session CSV: rep 2 has Power (W) = NaN, which is not a finite number');
    expect(() => buildSessionCsv(input({ plates: [{ plate: 0.1, count: -1 }] }))).toThrow(/count -1, not a whole number/);
    expect(() => buildSessionCsv(input({ raw: { timeUs: [0, 1], angleDeg: [0] } }))).toThrow('Session CSV: raw data has 2 times but 1 angles');
    const late = { timeUs: Array.from({ length: 5000 }, (_, i) => i), angleDeg: Array.from({ length: 5000 }, (_, i) => (i === 4500 ? NaN : 0)) };
    expect(() => buildSessionCsv(input({ raw: late }))).toThrow('Session CSV raw data: row 4502, column 2 holds NaN, which is not a finite number');
  });
});
