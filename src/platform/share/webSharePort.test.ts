import { describe, expect, it, vi } from 'vitest';
import { createWebSharePort, REVOKE_AFTER_MS, type WebShareEnv } from './webSharePort';

interface FakeAnchor {
  href: string;
  download: string;
  rel: string;
  style: { display: string };
  click: () => void;
  remove: () => void;
}

/** A browser with or without file sharing; records every call the port makes. */
function fakeBrowser(canShareFiles: boolean | 'absent', shareError?: Error) {
  const calls: string[] = [];
  const files: File[] = [];
  const timers: { ms: number; run: () => void }[] = [];
  const anchors: FakeAnchor[] = [];
  const navigator =
    canShareFiles === 'absent'
      ? {}
      : {
          canShare: (data: ShareData) => {
            files.push(...(data.files ?? []));
            return canShareFiles;
          },
          share: async (data: ShareData) => {
            calls.push(`share ${data.title} ${data.files?.[0]?.name}`);
            if (shareError) throw shareError;
          },
        };
  const env = {
    navigator,
    document: {
      body: { append: (a: FakeAnchor) => calls.push(`append ${a.download}`) },
      createElement: () => {
        const a: FakeAnchor = {
          href: '', download: '', rel: '', style: { display: '' },
          click: () => calls.push(`click ${a.href} ${a.download}`),
          remove: () => calls.push('remove'),
        };
        anchors.push(a);
        return a;
      },
    },
    URL: {
      createObjectURL: (blob: Blob) => {
        files.push(blob as File);
        return 'blob:csv-1';
      },
      revokeObjectURL: (url: string) => calls.push(`revoke ${url}`),
    },
    setTimeout: (run: () => void, ms: number) => timers.push({ ms, run }),
  } as unknown as WebShareEnv;
  return { env, calls, files, timers, anchors };
}

describe('createWebSharePort', () => {
  it('shares a text/csv File through the Web Share API when canShare accepts it, with an empty result', async () => {
    const browser = fakeBrowser(true);
    expect(await createWebSharePort(browser.env).shareCsv('Repline-1-debug.csv', 'a,b')).toBe('');
    expect(browser.calls).toEqual(['share Repline-1-debug.csv Repline-1-debug.csv']);
    expect(browser.files[0]!.type).toBe('text/csv');
    expect(await browser.files[0]!.text()).toBe('a,b');
  });

  it('downloads the file through a hidden anchor when canShare refuses files, and says web', async () => {
    const browser = fakeBrowser(false);
    expect(await createWebSharePort(browser.env).shareCsv('s.csv', 'µ,²')).toBe('web');
    expect(browser.calls).toEqual(['append s.csv', 'click blob:csv-1 s.csv', 'remove']);
    expect(browser.anchors[0]!.style.display).toBe('none');
    const blob = browser.files.at(-1)!;
    expect([blob.type, await blob.text()]).toEqual(['text/csv', 'µ,²']);
  });

  it('types the log’s backup, a .json file, as application/json', async () => {
    const browser = fakeBrowser(false);
    expect(await createWebSharePort(browser.env).shareCsv('Repline-backup-1.json', '{}')).toBe('web');
    expect(browser.files.at(-1)!.type).toBe('application/json');
  });

  it('hands a file made as a Blob over as it is, shared or downloaded, never joined into a string', async () => {
    const parts = new Blob([new Blob(['{"format":']), '"repline-backup"}']);
    const sharing = fakeBrowser(true);
    expect(await createWebSharePort(sharing.env).shareFile('Repline-backup-2.json', parts)).toBe('');
    expect(sharing.calls).toEqual(['share Repline-backup-2.json Repline-backup-2.json']);
    const downloading = fakeBrowser(false);
    expect(await createWebSharePort(downloading.env).shareFile('Repline-backup-2.json', parts)).toBe('web');
    const file = downloading.files.at(-1)!;
    expect([file.type, file.size, await file.text()]).toEqual(['application/json', parts.size, '{"format":"repline-backup"}']);
  });

  it('downloads when the browser has no Web Share API at all', async () => {
    const browser = fakeBrowser('absent');
    expect(await createWebSharePort(browser.env).shareCsv('s.csv', 'x')).toBe('web');
  });

  it('frees the object URL a minute after the download, not before the click', async () => {
    const browser = fakeBrowser(false);
    await createWebSharePort(browser.env).shareCsv('s.csv', 'x');
    expect(browser.calls).not.toContain('revoke blob:csv-1');
    expect(browser.timers.map((t) => t.ms)).toEqual([REVOKE_AFTER_MS]);
    browser.timers[0]!.run();
    expect(browser.calls.at(-1)).toBe('revoke blob:csv-1');
  });

  it('passes the share sheet’s error on to the caller', async () => {
    const browser = fakeBrowser(true, new DOMException('Share canceled', 'AbortError'));
    await expect(createWebSharePort(browser.env).shareCsv('s.csv', 'x')).rejects.toThrow('Share canceled');
  });

  it('removes the anchor even when the click throws', async () => {
    const browser = fakeBrowser(false);
    const port = createWebSharePort({
      ...browser.env,
      document: {
        ...browser.env.document,
        createElement: () => ({ style: {}, click: vi.fn(() => { throw new Error('blocked'); }), remove: () => browser.calls.push('remove') }) as unknown as HTMLElement,
      } as WebShareEnv['document'],
    });
    await expect(port.shareCsv('s.csv', 'x')).rejects.toThrow('blocked');
    expect(browser.calls.at(-1)).toBe('remove');
  });
});

describe('sharing several files at once', () => {
  const files = [
    { fileName: 'Repline-1-ana.csv', text: 'a' },
    { fileName: 'Repline-2-ana.csv', text: 'b' },
  ];

  it('hands them to one Web Share call (a page may share once per tap)', async () => {
    const browser = fakeBrowser(true);
    expect(await createWebSharePort(browser.env).shareFiles(files)).toBe('');
    expect(browser.calls).toEqual(['share 2 files Repline-1-ana.csv']);
  });

  it('downloads each one where the browser cannot share files', async () => {
    const browser = fakeBrowser(false);
    expect(await createWebSharePort(browser.env).shareFiles(files)).toBe('web');
    expect(browser.anchors.map((a) => a.download)).toEqual(['Repline-1-ana.csv', 'Repline-2-ana.csv']);
    expect(browser.calls.filter((c) => c.startsWith('share'))).toEqual([]);
  });

  it('refuses to share nothing', async () => {
    await expect(createWebSharePort(fakeBrowser(true).env).shareFiles([])).rejects.toThrow(/no file to share/);
  });
});
