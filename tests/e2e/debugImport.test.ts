/**
 * The Test screen imports a debug CSV big enough to be read in the import worker (over 1 MiB:
 * src/csv/debugImport/parseDebugCsv.ts), in the production build under its Content-Security-
 * Policy: the worker loads the engine's wasm reader, the rows out of order are dropped and said,
 * and the samples reprocess into the recording's reps.
 */
import { describe, expect, test } from './fixtures/test';

/** Ten minutes of a yo-yo at 200 Hz (5 turns each way, 4 s a stroke pair), one row written twice. */
function bigDebugCsv(): { csv: string; rows: number } {
  const lines = ['#, Angle, Time (µs), Angular Velocity (rad/s), Angular Acceleration (rad/s²)'];
  const rows = 120_000;
  for (let i = 0; i < rows; i++) lines.push(`${i + 1},${1800 * Math.cos((2 * Math.PI * i * 0.005) / 4)},${1_000_000 + 5000 * i},,`);
  lines.splice(1001, 0, lines[1000]!);
  return { csv: lines.join('\r\n') + '\r\n', rows };
}

describe('the debug CSV import on the Test screen', () => {
  test('reads a big file in the worker, drops the repeated row with a warning, and reprocesses it', async ({ demoApp }) => {
    const { page } = demoApp;
    await page.goto(new URL('/test', demoApp.baseUrl).href);
    const { csv, rows } = bigDebugCsv();
    expect(csv.length).toBeGreaterThan(1 << 20);
    await page.getByLabel('Debug or session CSV file').setInputFiles({ name: 'ten-minutes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText(`ten-minutes.csv: ${rows} samples`, { exact: true }).waitFor({ timeout: 30_000 });
    await expect(page.getByText(/^Warning: 1 row dropped because the time was not after the row before .*, the first at row 1002\.$/).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Reprocess' }).click();
    // 600 s at 2 s a rep, less the first (no rest before it, nothing to time its start from) and
    // the last (cut off at the end of data).
    const result = page.getByText(/^\d+ reps at 200 Hz/);
    await result.waitFor({ timeout: 30_000 });
    expect(Number(/^(\d+)/.exec((await result.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(298);
  });
});
