import { describe, expect, it } from 'vitest';
import { createRecordingSharePort } from '../platform/share/testing/recordingSharePort';
import { shareCsv } from './share';

describe('shareCsv', () => {
  it('says "Metrics shared" and names the app chosen on success', async () => {
    const port = createRecordingSharePort('com.apple.UIKit.activity.Mail');
    expect(await shareCsv('Repline-1-debug.csv', 'a,b\r\n', port)).toEqual({
      ok: true,
      result: 'com.apple.UIKit.activity.Mail',
      message: 'Metrics shared: the CSV file went to the app you chose (com.apple.UIKit.activity.Mail).',
    });
  });

  it('names the downloaded file, never the raw result "web", and the share sheet when the platform names no app', async () => {
    expect((await shareCsv('Repline-1.csv', 'x', createRecordingSharePort('web'))).message).toBe('Metrics shared: Repline-1.csv is in your downloads.');
    expect((await shareCsv('a.csv', 'x', createRecordingSharePort(''))).message).toBe('Metrics shared: the CSV file went to the share sheet.');
  });

  it('hands the platform the file name and the CSV behind a UTF-8 byte-order mark', async () => {
    const port = createRecordingSharePort();
    await shareCsv('Repline-1-debug.csv', 'Time (µs)\r\n', port);
    expect(port.shared).toEqual([{ fileName: 'Repline-1-debug.csv', csv: '\uFEFFTime (µs)\r\n' }]);
  });

  it('reports a failure as ErrorUseShareApiCsvShare with the error and an empty result', async () => {
    const outcome = await shareCsv('a.csv', 'x', createRecordingSharePort(new DOMException('Share canceled', 'AbortError')));
    expect(outcome).toEqual({ ok: false, result: '', message: 'ErrorUseShareApiCsvShare: AbortError: Share canceled' });
    const plain = await shareCsv('a.csv', 'x', createRecordingSharePort(new TypeError('Permission denied')));
    expect(plain.message).toBe('ErrorUseShareApiCsvShare: TypeError: Permission denied');
  });
});
