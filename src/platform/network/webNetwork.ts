/**
 * The network port in a browser (and the native shell's WebView): `fetch`, `navigator.onLine`,
 * and the `online` and `visibilitychange` events. Made on first use, after the page has its
 * `window` and `document`.
 */
import type { NetworkChance, NetworkPort } from './port';

type Events = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export function createWebNetwork(
  win: Events & { fetch: typeof fetch; navigator: Pick<Navigator, 'onLine'> } = window,
  doc: Events & Pick<Document, 'visibilityState'> = document,
): NetworkPort {
  return {
    // The credentials mode keeps cookies out: the server needs none and CORS then needs no credentials.
    fetch: (url, init) => win.fetch(url, { ...init, credentials: 'omit' }),
    online: () => win.navigator.onLine,
    onChance(listener: (why: NetworkChance) => void) {
      const online = () => listener('online');
      const visible = () => {
        if (doc.visibilityState === 'visible') listener('foreground');
      };
      win.addEventListener('online', online);
      doc.addEventListener('visibilitychange', visible);
      return () => {
        win.removeEventListener('online', online);
        doc.removeEventListener('visibilitychange', visible);
      };
    },
  };
}
