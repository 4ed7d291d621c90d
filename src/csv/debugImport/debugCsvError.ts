/**
 * The one error a debug CSV import throws, carrying where the problem is so the /test screen and
 * the batch command can point the user at the exact row and column of the file.
 */

export class DebugCsvError extends Error {
  override readonly name = 'DebugCsvError';

  /**
   * @param problem what is wrong, in words a user understands
   * @param row 1-based line of the file (the header is row 1), as a spreadsheet numbers it
   * @param column the column's header name, when the problem sits in one cell
   */
  constructor(
    readonly problem: string,
    readonly row?: number,
    readonly column?: string,
  ) {
    super(locate(row, column) + problem);
  }
}

function locate(row: number | undefined, column: string | undefined): string {
  if (row === undefined) return '';
  return column === undefined ? `row ${row}: ` : `row ${row}, column "${column}": `;
}
