/**
 * The one place Repline turns rows into CSV text, so every export shares the same quoting,
 * line endings and defence against spreadsheet formula injection.
 *
 * Why a custom formula pattern: papaparse's own `escapeFormulae: FORMULA_START` uses
 * `/^[=+\-@\t\r].*$/`, whose `.*$` cannot cross a line break, so a cell such as `"=HYPERLINK(…)\nx"`
 * slipped through. Ours only looks at the first character. Numbers are never touched (papaparse
 * skips non-string values), so `-3.5` stays the number −3.5 while the text `-3.5 kg` becomes
 * `'-3.5 kg`.
 *
 * Line endings are CRLF (RFC 4180), which every spreadsheet and papaparse read back.
 */
import Papa from 'papaparse';

/** A CSV cell: text is neutralised against formulae, numbers are written in full precision. */
export type Cell = string | number;

export const CSV_NEWLINE = '\r\n';

/**
 * Text that a spreadsheet would run as a formula, or that hides one behind a tab, CR, LF or NUL
 * (the OWASP / ASVS 5.3 list of leading characters).
 */
const FORMULA_START = /^[=+\-@\t\r\n\0]/;

/**
 * Writes rows as one CSV block (no trailing newline). Throws, naming the block (`name`), row and
 * column, on a non-finite number, because
 * `NaN` or `Infinity` in an export is a bug upstream, not a value a reader can use. `firstRow`:
 * the block's row number of `rows[0]`, when they are a later slice of a block written in slices.
 */
export function csvBlock(name: string, rows: readonly (readonly Cell[])[], firstRow = 1): string {
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      if (typeof cell === 'number' && !Number.isFinite(cell)) {
        throw new Error(`${name}: row ${firstRow + r}, column ${c + 1} holds ${cell}, which is not a finite number`);
      }
    }
  }
  return Papa.unparse(rows as Cell[][], { newline: CSV_NEWLINE, escapeFormulae: FORMULA_START });
}

/** What a text cell reads back as after {@link csvBlock} and a CSV parser. */
export function neutralisedText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
