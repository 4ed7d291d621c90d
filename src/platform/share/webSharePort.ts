/**
 * The browser's SharePort: the Web Share API with a File when `navigator.canShare({ files })`
 * accepts it (phones, some desktops), otherwise a `text/csv` download through an anchor and an
 * object URL (docs/behaviour.md §4 "CSV export"). A `.json` file (the log's backup) is typed
 * `application/json`. Several files go in one `share()` (a page may share once per tap), or as
 * one download each. The browser globals are parameters so tests can pass fakes.
 */
import type { SharePort } from './port';

export interface WebShareEnv {
  navigator: Pick<Navigator, 'canShare' | 'share'>;
  document: Pick<Document, 'createElement' | 'body'>;
  URL: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

/**
 * The object URL must outlive the click: some browsers start reading the blob only after the
 * click handler returns. A minute is far longer than that and frees the memory soon enough.
 */
export const REVOKE_AFTER_MS = 60_000;

export function createWebSharePort(env: WebShareEnv = browserEnv()): SharePort {
  const fileOf = (fileName: string, data: string | Blob) => new File([data], fileName, { type: fileName.endsWith('.json') ? 'application/json' : 'text/csv' });
  const canShare = (files: File[]) => typeof env.navigator.canShare === 'function' && typeof env.navigator.share === 'function' && env.navigator.canShare({ files });
  const download = (file: File) => {
    const url = env.URL.createObjectURL(file);
    env.setTimeout(() => env.URL.revokeObjectURL(url), REVOKE_AFTER_MS);
    const anchor = env.document.createElement('a');
    anchor.href = url;
    anchor.download = file.name;
    anchor.rel = 'noopener';
    anchor.style.display = 'none';
    env.document.body.append(anchor);
    try {
      anchor.click();
    } finally {
      anchor.remove();
    }
  };
  const shareOne = async (file: File) => {
    if (canShare([file])) {
      await env.navigator.share({ files: [file], title: file.name });
      return '';
    }
    download(file);
    return 'web';
  };
  return {
    shareCsv: (fileName, csv) => shareOne(fileOf(fileName, csv)),
    shareFile: (fileName, data) => shareOne(fileOf(fileName, data)),
    async shareFiles(list) {
      const files = list.map(({ fileName, text }) => fileOf(fileName, text));
      if (files.length === 0) throw new Error('There is no file to share');
      if (canShare(files)) {
        await env.navigator.share({ files, title: `${files.length} files` });
        return '';
      }
      files.forEach(download);
      return 'web';
    },
  };
}

function browserEnv(): WebShareEnv {
  return { navigator, document, URL, setTimeout: (callback, ms) => setTimeout(callback, ms) };
}
