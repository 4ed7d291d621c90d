/**
 * A network port for tests that reaches a real team server (a `fetch` the test gives, to a server
 * it started) and fails the way a phone's link does, on demand: offline (nothing sent), a request
 * dropped before it reaches the server, or a reply lost after the server has answered (and
 * committed). The test fires the chances (`goOnline`, `toForeground`) the browser would.
 */
import type { NetworkChance, NetworkPort } from '../port';

export interface TestNetwork extends NetworkPort {
  /** Whether requests fail at once, as offline; `goOnline` ends it and fires the chance. */
  offline: boolean;
  /** The next `n` requests are dropped before they reach the server. */
  dropRequests(n: number): void;
  /** The replies to the next `n` requests are lost after the server answered them. */
  dropReplies(n: number): void;
  /** Every request asked for, in order (method and path), dropped ones included. */
  readonly requests: readonly string[];
  goOnline(): void;
  toForeground(): void;
}

export function createTestNetwork(send: (url: string, init: RequestInit) => Promise<Response>): TestNetwork {
  const listeners = new Set<(why: NetworkChance) => void>();
  const requests: string[] = [];
  let requestsToDrop = 0;
  let repliesToDrop = 0;
  const fire = (why: NetworkChance) => {
    for (const listener of [...listeners]) listener(why);
  };
  return {
    offline: false,
    requests,
    dropRequests(n) {
      requestsToDrop += n;
    },
    dropReplies(n) {
      repliesToDrop += n;
    },
    async fetch(url, init) {
      requests.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`);
      if (this.offline) throw new TypeError('Failed to fetch (offline)');
      if (requestsToDrop > 0) {
        requestsToDrop--;
        throw new TypeError('Failed to fetch (the request was dropped)');
      }
      const reply = await send(url, init);
      if (repliesToDrop > 0) {
        repliesToDrop--;
        await reply.arrayBuffer();
        throw new TypeError('Failed to fetch (the reply was lost)');
      }
      return reply;
    },
    online() {
      return !this.offline;
    },
    onChance(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    goOnline() {
      this.offline = false;
      fire('online');
    },
    toForeground() {
      fire('foreground');
    },
  };
}
