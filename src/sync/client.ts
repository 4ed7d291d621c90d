/**
 * The team server's HTTP API as calls (docs/sync.md §2–§7), over the network port: the bearer
 * token in the Authorization header (never in a URL), JSON bodies gzipped where the browser has
 * CompressionStream and the body is worth it, every reply's `serverTime` handed to `onServerTime`
 * with the device's clock when the request left and when its reply came (the edit clock's offset,
 * §8). A reply other than 2xx rejects with a ServerError (its reason and one sentence); no reply
 * at all (offline, refused, cut, too slow) with Unreachable, and so does a request the device
 * knows it cannot send (offline: nothing is tried).
 */
import type { NetworkPort } from '../platform/network/port';
import { messageOf } from '../shared/messageOf';
import { pushBody, serverError, ServerError, Unreachable, type JoinCode, type Joined, type Me, type PullReply, type PushReply, type Role, type SamplesPage, type SamplesState, type TeamDevice, type WireEntry } from './wire';

/** Bodies below this go as they are: gzip would save nothing worth a stream. */
const GZIP_FROM_BYTES = 1024;
/** How long a request may take before it counts as lost: a push of a few hundred chunks over a slow link fits well within it. */
const REQUEST_TIMEOUT_MS = 90_000;

export interface ClientDeps {
  network: NetworkPort;
  /** The server's address (address.ts). */
  base: string;
  /** The device's token once joined. */
  token: () => string | null;
  /** The device's clock, ms since the epoch. */
  now: () => number;
  onServerTime?: (serverTime: number, sentAt: number, receivedAt: number) => void;
}

export interface TeamServerClient {
  /** GET /api/health: whether a Repline team server answers there. */
  health(): Promise<{ serverTime: number }>;
  join(code: string, deviceName: string): Promise<Joined>;
  me(): Promise<Me>;
  leave(): Promise<void>;
  devices(): Promise<TeamDevice[]>;
  revoke(deviceId: string): Promise<void>;
  joinCode(role: Role, athleteId?: string): Promise<JoinCode>;
  push(entries: readonly WireEntry[]): Promise<PushReply>;
  pull(after: string | null, limit: number): Promise<PullReply>;
  samplesState(sessionId: string): Promise<SamplesState>;
  samples(sessionId: string, from: number, limit: number): Promise<SamplesPage>;
}

/** `text` gzipped, or null where the platform has no CompressionStream. */
export async function gzip(text: string): Promise<Uint8Array<ArrayBuffer> | null> {
  if (typeof CompressionStream !== 'function') return null;
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export function createTeamServerClient(deps: ClientDeps): TeamServerClient {
  async function request<T>(method: 'GET' | 'POST', path: string, body?: string): Promise<T> {
    if (!deps.network.online()) throw new Unreachable('This device is offline.');
    const headers: Record<string, string> = {};
    const token = deps.token();
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      const zipped = body.length >= GZIP_FROM_BYTES ? await gzip(body) : null;
      if (zipped === null) payload = body;
      else {
        headers['content-encoding'] = 'gzip';
        payload = zipped;
      }
    }
    const sentAt = deps.now();
    let reply: Response;
    let text: string;
    try {
      reply = await deps.network.fetch(`${deps.base}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      text = await reply.text();
    } catch (error) {
      throw new Unreachable(`The team server could not be reached (${messageOf(error)}).`);
    }
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // A proxy's error page, or a server that is not ours: the status says what it can.
      if (reply.ok) throw new ServerError(reply.status, 'unreadable', 'The team server’s reply could not be read.');
    }
    const serverTime = (parsed as { serverTime?: unknown } | null)?.serverTime;
    if (reply.ok && typeof serverTime === 'number') deps.onServerTime?.(serverTime, sentAt, deps.now());
    if (!reply.ok) throw serverError(reply.status, parsed);
    return parsed as T;
  }
  const post = <T>(path: string, body: unknown = {}) => request<T>('POST', path, JSON.stringify(body));
  const session = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

  return {
    async health() {
      const reply = await request<{ service?: unknown; serverTime: number }>('GET', '/api/health');
      if (reply?.service !== 'repline-team-server') throw new Unreachable('That address answers, but not as a Repline team server.');
      return { serverTime: reply.serverTime };
    },
    join: (code, deviceName) => post<Joined>('/api/join', { code, deviceName }),
    me: () => request<Me>('GET', '/api/me'),
    leave: async () => void (await post('/api/me/leave')),
    devices: async () => (await request<{ devices: TeamDevice[] }>('GET', '/api/devices')).devices,
    revoke: async (deviceId) => void (await post(`/api/devices/${encodeURIComponent(deviceId)}/revoke`)),
    joinCode: (role, athleteId) => post<JoinCode>('/api/join-codes', athleteId === undefined ? { role } : { role, athleteId }),
    push: (entries) => request<PushReply>('POST', '/api/push', pushBody(entries)),
    pull: (after, limit) => request<PullReply>('GET', `/api/pull?${new URLSearchParams({ ...(after === null ? {} : { after }), limit: String(limit) })}`),
    samplesState: (id) => request<SamplesState>('GET', `${session(id)}/samples/state`),
    samples: (id, from, limit) => request<SamplesPage>('GET', `${session(id)}/samples?${new URLSearchParams({ from: String(from), limit: String(limit) })}`),
  };
}
