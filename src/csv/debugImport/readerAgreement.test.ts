/**
 * The engine's debug CSV reader (engine-rs/src/debug_csv/, through parseDebugCsv) against what
 * papaparse and the rules of its docs give, on random valid debug CSVs: every line end (LF, CRLF,
 * CR alone, mixed), a byte-order mark or none, the header with or without spaces or quotes,
 * blank lines, numbers written every way a decimal may be (signs, exponents, spaces around,
 * quoted), the device's rates or not, and rows out of order (repeated, swapped, stamped with the
 * same time). The expectation is written here from the docs, plainly: papaparse cuts each line
 * into cells, `Number` reads each, and the rows out of order are dropped by the rule of
 * engine-rs/src/debug_csv/order.rs.
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DEBUG_COLUMNS } from '../debugCsv';
import { parseDebugCsv } from './parseDebugCsv';

interface Row {
  number: number;
  time: number;
  angle: number;
  omega: number;
  alpha: number;
}

/** How a number is written in a cell: plain, fixed, exponent, with a plus sign, spaces, quotes. */
const writing = fc.record({
  form: fc.constantFrom('plain', 'fixed', 'exponent'),
  digits: fc.integer({ min: 0, max: 8 }),
  plus: fc.boolean(),
  pad: fc.constantFrom('', ' ', '  ', '\t'),
  quoted: fc.boolean(),
});

type Writing = typeof writing extends fc.Arbitrary<infer T> ? T : never;

function written(x: number, w: Writing): string {
  let text = w.form === 'fixed' ? x.toFixed(w.digits) : w.form === 'exponent' ? x.toExponential(w.digits) : String(x);
  if (w.plus && !text.startsWith('-')) text = `+${text}`;
  text = `${w.pad}${text}${w.pad}`;
  return w.quoted ? `"${text}"` : text;
}

const file = fc
  .record({
    rows: fc.array(
      fc.record({
        // Whole µs as units write them, or a quarter of one over (a clock in finer units).
        step: fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(0, 0.25)).map(([whole, part]) => whole + part),
        angle: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        omega: fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        alpha: fc.double({ min: -1e5, max: 1e5, noNaN: true }),
        writings: fc.tuple(writing, writing, writing, writing, writing),
        eol: fc.constantFrom('\n', '\r\n', '\r'),
        blankAfter: fc.constantFrom(null, '', '   '),
        spoil: fc.constantFrom(null, null, null, null, 'repeat', 'swap', 'same time'),
      }),
      { minLength: 1, maxLength: 40 },
    ),
    rates: fc.constantFrom('none', 'omega', 'alpha', 'both'),
    bom: fc.boolean(),
    header: fc.constantFrom(', ', ',', 'quoted'),
    lastEol: fc.boolean(),
  })
  .map(({ rows, rates, bom, header, lastEol }) => {
    let time = 0;
    const data: Row[] = rows.map((r, i) => ({ number: i + 1, time: (time += r.step), angle: r.angle, omega: r.omega, alpha: r.alpha }));
    // Spoil rows the ways a logger does: a row written twice, two rows swapped, a time stamped twice.
    const order = data.map((_, i) => i);
    const times = data.map((r) => r.time);
    rows.forEach((r, i) => {
      if (r.spoil === 'swap' && i + 1 < order.length) [order[i], order[i + 1]] = [order[i + 1]!, order[i]!];
      if (r.spoil === 'same time' && i > 0) times[i] = times[i - 1]!;
    });
    const lines = order.flatMap((k, at) => {
      const r = data[k]!;
      const w = rows[at]!.writings;
      const cell = (x: number, j: number) => written(x, w[j]!);
      const line = [cell(r.number, 0), cell(r.angle, 1), cell(times[k]!, 2), rates === 'omega' || rates === 'both' ? cell(r.omega, 3) : '', rates === 'alpha' || rates === 'both' ? cell(r.alpha, 4) : ''].join(',');
      return rows[at]!.spoil === 'repeat' ? [line, line] : [line];
    });
    const head = header === 'quoted' ? DEBUG_COLUMNS.map((n) => `"${n}"`).join(',') : DEBUG_COLUMNS.join(header);
    let text = (bom ? '\uFEFF' : '') + head + '\r\n';
    lines.forEach((line, i) => {
      const r = rows[Math.min(i, rows.length - 1)]!;
      const last = i === lines.length - 1;
      text += line + (last && !lastEol ? '' : r.eol);
      if (!last && r.blankAfter !== null) text += r.blankAfter + r.eol;
    });
    return text;
  });

/** What the reader should give for `text`, from papaparse, `Number` and the rule of order.rs. */
function expectation(text: string) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  const read = lines.slice(1).flatMap((line, i) => {
    const cells = Papa.parse<string[]>(line, { delimiter: ',' }).data[0] ?? [''];
    if (cells.length === 1 && cells[0]!.trim() === '') return [];
    return [{ row: i + 2, cells: cells.map((c) => c.trim()) }];
  });
  const rates = [3, 4].map((c) => read[0]!.cells[c] !== '');
  const kept: typeof read = [];
  const dropped: number[] = [];
  let last: number | null = null;
  let held: (typeof read)[number] | null = null;
  const time = (r: (typeof read)[number]) => Number(r.cells[2]);
  for (const r of read) {
    if (held === null) held = r;
    else if (time(r) > time(held)) {
      kept.push(held);
      last = time(held);
      held = r;
    } else if (time(r) < time(held) && last !== null && time(r) > last) {
      dropped.push(held.row);
      held = r;
    } else dropped.push(r.row);
  }
  kept.push(held!);
  const column = (c: number) => Float64Array.from(kept, (r) => Number(r.cells[c]));
  const samples: Record<string, Float64Array> = { timeUs: column(2), angleDeg: column(1) };
  if (rates[0]) samples.angularVelocity = column(3);
  if (rates[1]) samples.angularAcceleration = column(4);
  // A step under 1 µs counts as 1 µs (engine-rs/src/debug_csv/interval.rs: no sensor samples faster than a MHz).
  const steps = kept.slice(1).map((r, i) => Math.max(1, time(r) - time(kept[i]!))).sort((a, b) => a - b);
  return { samples, dropped: { rows: dropped.length, firstRow: dropped.length === 0 ? null : Math.min(...dropped) }, medianStep: steps[Math.floor((steps.length - 1) / 2)] ?? 0 };
}

describe('the engine’s debug CSV reader', () => {
  it('reads every valid debug CSV as papaparse, Number and the rule for rows out of order do', async () => {
    await fc.assert(
      fc.asyncProperty(file, fc.boolean(), async (text, asFile) => {
        const want = expectation(text);
        const got = await parseDebugCsv(asFile ? new Blob([text]) : text);
        expect(got.samples).toEqual(want.samples);
        expect(got.dropped).toEqual(want.dropped);
        // The median step is counted in bins 1/128 of an octave wide (engine-rs/src/debug_csv/interval.rs), from 1 µs.
        if (want.medianStep === 0) expect(got.stepUs).toBe(0);
        else expect(Math.abs(got.stepUs / want.medianStep - 1)).toBeLessThan(1 / 128);
      }),
      { numRuns: 400 },
    );
  });
});
