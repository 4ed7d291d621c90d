/**
 * Shares an export and turns the platform's answer into the message the UI shows (docs/behaviour.md §8):
 * `Metrics shared` and where the file went on success, `ErrorUseShareApiCsvShare: ` plus the error
 * on failure, with an empty result. The UI shows `message` in a role=status (ok) or role=alert region.
 *
 * Decisions where the product rules are silent:
 * - The file starts with a UTF-8 byte-order mark: without it Excel reads the µ, ° and ² of the
 *   headers as mojibake. papaparse and the debug CSV importer skip it.
 * - An empty share result gives `Metrics shared` without a trailing space.
 * - The documented words come first, then a plain sentence saying where the file went: the
 *   platform's raw result ("web" for a download, an activity id) means little to an athlete, so
 *   a download names the file, and an app chosen in the share sheet is named by its id in
 *   brackets, the only name the platform gives.
 * - A cancelled share sheet is reported like any other failure (the Web Share API rejects with an
 *   AbortError); docs/behaviour.md §8 knows no third outcome.
 */
import type { SharePort } from '../platform/share/port';
import { describeError } from '../shared/describeError';

export type ShareOutcome = { ok: true; result: string; message: string } | { ok: false; result: ''; message: string };

export const UTF8_BOM = '\uFEFF';

export async function shareCsv(fileName: string, csv: string, port: SharePort): Promise<ShareOutcome> {
  try {
    const result = await port.shareCsv(fileName, UTF8_BOM + csv);
    return { ok: true, result, message: `Metrics shared: ${whereItWent(fileName, result)}` };
  } catch (error) {
    return { ok: false, result: '', message: `ErrorUseShareApiCsvShare: ${describeError(error, { keepPlainName: true })}` };
  }
}

/** Several CSV files in one share (an athlete's sessions, one file each), with the same outcome messages. */
export async function shareCsvFiles(files: readonly { fileName: string; csv: string }[], port: SharePort): Promise<ShareOutcome> {
  try {
    const result = await port.shareFiles(files.map(({ fileName, csv }) => ({ fileName, text: UTF8_BOM + csv })));
    const where = result === 'web' ? `${files.length} CSV files are in your downloads.` : result === '' ? `${files.length} CSV files went to the share sheet.` : `${files.length} CSV files went to the app you chose (${result}).`;
    return { ok: true, result, message: `Metrics shared: ${files.length === 1 ? whereItWent(files[0]!.fileName, result) : where}` };
  } catch (error) {
    return { ok: false, result: '', message: `ErrorUseShareApiCsvShare: ${describeError(error, { keepPlainName: true })}` };
  }
}

/** The plain sentence after "Metrics shared: ". */
function whereItWent(fileName: string, result: string): string {
  if (result === 'web') return `${fileName} is in your downloads.`;
  if (result === '') return 'the CSV file went to the share sheet.';
  return `the CSV file went to the app you chose (${result}).`;
}
