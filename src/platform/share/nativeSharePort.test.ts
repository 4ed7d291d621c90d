import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createRecordingSharePort } from './testing/recordingSharePort';
import { shareCsv } from '../../csv/share';
import { createNativeSharePort } from './nativeSharePort';
import { notImplemented } from '../testing/pluginDouble';

const plugins = vi.hoisted(() => ({
  calls: [] as string[],
  share: { canShare: vi.fn(), share: vi.fn() },
  filesystem: { writeFile: vi.fn() },
}));

vi.mock('@capacitor/share', async () => {
  const { pluginDouble } = await import('../testing/pluginDouble');
  return { Share: pluginDouble('Share', plugins.share) };
});

// Only the enum members the port may use, with the values @capacitor/filesystem documents.
vi.mock('@capacitor/filesystem', async () => {
  const { pluginDouble } = await import('../testing/pluginDouble');
  return { Directory: { Cache: 'CACHE' }, Encoding: { UTF8: 'utf8' }, Filesystem: pluginDouble('Filesystem', plugins.filesystem) };
});

const CACHE_URI = 'file:///data/user/0/app.repline/cache/Repline-2026-05-01-session.csv';

beforeEach(() => {
  plugins.calls.length = 0;
  plugins.share.canShare.mockReset().mockImplementation(async () => (plugins.calls.push('canShare'), { value: true }));
  plugins.share.share.mockReset().mockImplementation(async () => (plugins.calls.push('share'), { activityType: 'com.google.android.gm' }));
  plugins.filesystem.writeFile.mockReset().mockImplementation(async () => (plugins.calls.push('writeFile'), { uri: CACHE_URI }));
});

describe('createNativeSharePort', () => {
  it('checks availability, writes the CSV as UTF-8 into the cache, then opens the share sheet titled "Share with buddies"', async () => {
    const result = await createNativeSharePort(createRecordingSharePort).shareCsv('Repline-2026-05-01-session.csv', '\uFEFFRep,Mean (m/s)\r\n1,0.86\r\n');
    expect(plugins.calls).toEqual(['canShare', 'writeFile', 'share']);
    expect(plugins.filesystem.writeFile).toHaveBeenCalledWith({
      path: 'Repline-2026-05-01-session.csv',
      data: '\uFEFFRep,Mean (m/s)\r\n1,0.86\r\n',
      directory: 'CACHE',
      encoding: 'utf8',
    });
    expect(plugins.share.share).toHaveBeenCalledWith({
      title: 'Repline-2026-05-01-session.csv',
      text: 'Repline workout metrics (CSV)',
      url: CACHE_URI,
      dialogTitle: 'Share with buddies',
    });
    expect(result).toBe('com.google.android.gm');
  });

  it('gives the export the message "Metrics shared" naming the activity the user picked', async () => {
    const outcome = await shareCsv('Repline-1.csv', 'a,b', createNativeSharePort(createRecordingSharePort));
    expect(outcome).toEqual({ ok: true, result: 'com.google.android.gm', message: 'Metrics shared: the CSV file went to the app you chose (com.google.android.gm).' });
  });

  it('resolves with an empty result when the platform does not name the activity', async () => {
    plugins.share.share.mockResolvedValue({});
    expect(await createNativeSharePort(createRecordingSharePort).shareCsv('s.csv', 'x')).toBe('');
  });

  it('fails with a clear message and writes nothing when no app can take the file', async () => {
    plugins.share.canShare.mockResolvedValue({ value: false });
    await expect(createNativeSharePort(createRecordingSharePort).shareCsv('s.csv', 'x')).rejects.toThrow('This device offers no app to share the file with');
    expect(plugins.filesystem.writeFile).not.toHaveBeenCalled();
  });

  it('passes a cancelled share sheet on as a failure of the export', async () => {
    plugins.share.share.mockRejectedValue(new Error('Share canceled'));
    const outcome = await shareCsv('s.csv', 'x', createNativeSharePort(createRecordingSharePort));
    expect(outcome).toEqual({ ok: false, result: '', message: 'ErrorUseShareApiCsvShare: Error: Share canceled' });
  });

  it('names the file when it cannot be written to the cache, and opens no share sheet', async () => {
    plugins.filesystem.writeFile.mockRejectedValue(new Error('No space left on device'));
    await expect(createNativeSharePort(createRecordingSharePort).shareCsv('s.csv', 'x')).rejects.toThrow('Could not write s.csv to the cache: No space left on device');
    expect(plugins.share.share).not.toHaveBeenCalled();
  });

  it.each([
    ['the Share plugin', () => plugins.share.canShare.mockRejectedValue(notImplemented('Share'))],
    ['the Filesystem plugin', () => plugins.filesystem.writeFile.mockRejectedValue(notImplemented('Filesystem'))],
    ['the share sheet', () => plugins.share.share.mockRejectedValue(notImplemented('Share'))],
  ])('hands the export to the web port when %s is not implemented', async (_what, breakIt) => {
    breakIt();
    const web = createRecordingSharePort('web');
    expect(await createNativeSharePort(() => web).shareCsv('s.csv', 'µ,²')).toBe('web');
    expect(web.shared).toEqual([{ fileName: 's.csv', csv: 'µ,²' }]);
  });

  it.each(['', '.', '..', '../s.csv', 'cache/s.csv', 'a\\b.csv'])('refuses the file name "%s" before touching any plugin', async (name) => {
    await expect(createNativeSharePort(createRecordingSharePort).shareCsv(name, 'x')).rejects.toThrow(/a file name may not be empty or contain a path/);
    expect(plugins.calls).toEqual([]);
  });
});

describe('sharing several files from the native shell', () => {
  it('writes each into the cache, then opens one share sheet with all of them', async () => {
    plugins.filesystem.writeFile.mockImplementation(async ({ path }: { path: string }) => (plugins.calls.push(`writeFile ${path}`), { uri: `file:///cache/${path}` }));
    const result = await createNativeSharePort(createRecordingSharePort).shareFiles([
      { fileName: 'a.csv', text: 'x' },
      { fileName: 'b.csv', text: 'y' },
    ]);
    expect(plugins.calls).toEqual(['canShare', 'writeFile a.csv', 'writeFile b.csv', 'share']);
    expect(plugins.share.share).toHaveBeenCalledWith({ title: '2 files', text: 'Repline workout metrics (CSV)', files: ['file:///cache/a.csv', 'file:///cache/b.csv'], dialogTitle: 'Share with buddies' });
    expect(result).toBe('com.google.android.gm');
  });

  it('refuses a file name with a path before writing anything', async () => {
    await expect(createNativeSharePort(createRecordingSharePort).shareFiles([{ fileName: 'ok.csv', text: '' }, { fileName: '../x.csv', text: '' }])).rejects.toThrow(/may not be empty or contain a path/);
    expect(plugins.calls).toEqual([]);
  });
});
