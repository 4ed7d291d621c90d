/**
 * The browser's SharePort: the Web Share API with a File when `navigator.canShare({ files })`
 * accepts it (phones, some desktops), otherwise a `text/csv` download through an anchor and an
 * object URL (docs/behaviour.md §4 "CSV export"). A `.json` file (the log's backup) is typed
 * `application/json`. The browser globals are parameters so tests can pass fakes.
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
  return {
    async shareCsv(fileName, csv) {
      const file = new File([csv], fileName, { type: fileName.endsWith('.json') ? 'application/json' : 'text/csv' });
      const nav = env.navigator;
      if (typeof nav.canShare === 'function' && typeof nav.share === 'function' && nav.canShare({ files: [file] })) {
        await nav.share({ files: [file], title: fileName });
        return '';
      }
      const url = env.URL.createObjectURL(file);
      env.setTimeout(() => env.URL.revokeObjectURL(url), REVOKE_AFTER_MS);
      const anchor = env.document.createElement('a');
      anchor.href = url;
      anchor.download = fileName;
      anchor.rel = 'noopener';
      anchor.style.display = 'none';
      env.document.body.append(anchor);
      try {
        anchor.click();
      } finally {
        anchor.remove();
      }
      return 'web';
    },
  };
}

function browserEnv(): WebShareEnv {
  return { navigator, document, URL, setTimeout: (callback, ms) => setTimeout(callback, ms) };
}
