import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvBlock, neutralisedText, type Cell } from './csvWrite';

const parse = (csv: string): string[][] => Papa.parse<string[]>(csv, { delimiter: ',', newline: '\r\n' }).data;

/** Text built from the characters that break naive CSV writers, plus any unicode. */
const hostileText = fc.oneof(
  fc.string({ unit: fc.constantFrom('"', ',', '\n', '\r', '\t', '=', '+', '-', '@', "'", ' ', 'a', '1', 'µ', '²', '😀') }),
  fc.string({ unit: 'grapheme' }),
);
const cell: fc.Arbitrary<Cell> = fc.oneof(hostileText, fc.double({ noNaN: true, noDefaultInfinity: true }));

describe('csvBlock', () => {
  it('neutralises text that starts like a formula and leaves other text alone', () => {
    const csv = csvBlock('t', [['=SUM(A1:A9)', '+1', '-x', '@cmd', '\tTAB', '\rCR', 'plain', "'quoted"]]);
    expect(parse(csv)[0]).toEqual(["'=SUM(A1:A9)", "'+1", "'-x", "'@cmd", "'\tTAB", "'\rCR", 'plain', "'quoted"]);
  });

  it('neutralises text that starts with a line feed or a NUL (OWASP’s list)', () => {
    const csv = csvBlock('t', [['\n=1+1', '\0=cmd']]);
    expect(parse(csv)[0]).toEqual(["'\n=1+1", "'\0=cmd"]);
  });

  it('catches a formula followed by a line break, which papaparse’s own pattern lets through', () => {
    const csv = csvBlock('t', [['=HYPERLINK("http://x")\nclick']]);
    expect(parse(csv)[0]).toEqual(['\'=HYPERLINK("http://x")\nclick']);
  });

  it('writes a negative number as a number, not as neutralised text', () => {
    expect(csvBlock('t', [[-3.5, -0.001, 0]])).toBe('-3.5,-0.001,0');
  });

  it('writes numbers in shortest round-trip form so they parse back exactly', () => {
    expect(csvBlock('t', [[0.1 + 0.2, 1e-7, 123456789012345680000]])).toBe('0.30000000000000004,1e-7,123456789012345680000');
  });

  it('refuses a non-finite number and names the block, row and column', () => {
    expect(() => csvBlock('Reps', [[1, 2], [3, NaN]])).toThrow('Reps: row 2, column 2 holds NaN, which is not a finite number');
    expect(() => csvBlock('Reps', [[Infinity]])).toThrow(/row 1, column 1 holds Infinity/);
  });

  it('gives back every cell after a parse: text neutralised or as written, numbers equal', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 6 }), { minLength: 1, maxLength: 8 }), (rows) => {
        const back = parse(csvBlock('t', rows));
        expect(back).toHaveLength(rows.length);
        rows.forEach((row, r) =>
          row.forEach((value, c) => {
            const read = back[r]![c]!;
            if (typeof value === 'number') expect(Number(read)).toBe(value === 0 ? 0 : value);
            else expect(read).toBe(neutralisedText(value));
          }),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('never lets a parsed text cell start with a formula character', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const read = parse(csvBlock('t', [[text, 'end']]))[0]![0]!;
        expect(read).not.toMatch(/^[=+\-@\t\r]/);
      }),
      { numRuns: 500 },
    );
  });
});
