/**
 * A network port for tests that reaches a real team server (a `fetch` the test gives, to a server
 * it started) and fails the way a phone's link does, on demand: offline (nothing sent), a request
 * dropped before it reaches the server, or a reply lost after the server has answered (and
 * committed). The test fires the chances (`goOnline`, `toForeground`) the browser would.
 */
import type { NetworkChance, NetworkPort } from '../port';

/** Which requests a fault hits: those whose "METHOD /path" matches, after letting `after` of them through, `times` of them. */
export interface FaultPlan {
  match?: RegExp;
  after?: number;
  times?: number;
}

export interface TestNetwork extends NetworkPort {
  /** Whether requests fail at once, as offline; `goOnline` ends it and fires the chance. */
  offline: boolean;
  /** Requests dropped before they reach the server. */
  dropRequests(plan?: FaultPlan): void;
  /** Replies lost after the server answered the request. */
  dropReplies(plan?: FaultPlan): void;
  /** Every request asked for, in order ("POST /api/push"), dropped ones included. */
  readonly requests: readonly string[];
  goOnline(): void;
  toForeground(): void;
}

interface Fault {
  what: 'request' | 'reply';
  match: RegExp;
  skip: number;
  left: number;
}

export function createTestNetwork(send: (url: string, init: RequestInit) => Promise<Response>): TestNetwork {
  const listeners = new Set<(why: NetworkChance) => void>();
  const requests: string[] = [];
  let faults: Fault[] = [];
  const fire = (why: NetworkChance) => {
    for (const listener of [...listeners]) listener(why);
  };
  /** Whether a fault of kind `what` hits `request` (and counts it). */
  const hits = (what: Fault['what'], request: string): boolean => {
    const fault = faults.find((f) => f.what === what && f.left > 0 && f.match.test(request));
    if (fault === undefined) return false;
    if (fault.skip > 0) {
      fault.skip--;
      return false;
    }
    fault.left--;
    faults = faults.filter((f) => f.left > 0);
    return true;
  };
  const plan = (what: Fault['what'], p: FaultPlan = {}) => void faults.push({ what, match: p.match ?? /./, skip: p.after ?? 0, left: p.times ?? 1 });
  return {
    offline: false,
    requests,
    dropRequests: (p) => plan('request', p),
    dropReplies: (p) => plan('reply', p),
    async fetch(url, init) {
      const request = `${init.method ?? 'GET'} ${new URL(url).pathname}`;
      requests.push(request);
      if (this.offline) throw new TypeError('Failed to fetch (offline)');
      if (hits('request', request)) throw new TypeError('Failed to fetch (the request was dropped)');
      const reply = await send(url, init);
      if (hits('reply', request)) {
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
