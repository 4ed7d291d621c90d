/**
 * The team server under a club's load (issue 32), the bundled server (`npm run server`) on a
 * PostgreSQL 15 started for the run, driven over HTTP from this process:
 * - a season's figures: a club of 100 athletes, 3 sessions a week for 52 weeks, recorded on
 *   tablets 4 athletes a session (3 900 sessions of 20 sets with their records, tags and notes),
 *   pushed in gzip batches of 200 by one coach's device and pulled whole by another: wall time,
 *   bytes on the wire (compressed, both ways) and the server's CPU time;
 * - samples: 3 hours of the Demo unit's physics at 200 Hz (sets of 8 reps with 2-minute rests,
 *   sensor noise and timing jitter) pushed in gzip batches of 300 chunks and fetched back:
 *   per hour of samples, the same figures, and the database's growth (chunks and gaps tables);
 *   with what the chunk packing saves against raw doubles and against DEFLATE alone;
 * - 50 devices at once (autocannon, 50 connections each with its own device's token), each
 *   alternating a pull from the head and a push of one athlete edit: requests per second and
 *   p99 latency.
 * The machine is shared: these are one run's figures, read as ratios and orders of magnitude.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { expect, it } from 'vitest';
import { createRandom } from '../src/device/simulation/random';
import { synthesizeSet } from '../src/device/simulation/physics';
import { decode, encode } from '../src/log/codec';
import type { ChunkRecord, SessionRecord } from '../src/log/records';
import { makeStamp } from '../src/log/stamp';
import { packSamples } from '../server/src/team/samplePack';
import { buildServerBundle, startServer } from '../server/test/bundle';
import { athlete, session } from '../server/test/fixtures';
import { freePort, startPostgres } from '../server/test/postgres';
import { record } from './record';

const ATHLETES = 100;
const WEEKS = 52;
const SESSIONS = (ATHLETES * 3 * WEEKS) / 4;
const SAMPLE_HOURS = 3;
const DEVICES = 50;
const LOAD_SECONDS = 10;

/** The server process's CPU time so far, s (utime + stime of /proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Http {
  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: any; sent: number; received: number }>;
}

/** Requests over node:http, counting the bytes on the wire: the request body as sent (gzip) and the reply's body as received (gzip where the server compressed it). */
function client(base: string, token: string | null): Http {
  return {
    request(method, path, body) {
      const payload = body === undefined ? undefined : gzipSync(JSON.stringify(body));
      return new Promise((resolve, reject) => {
        const req = httpRequest(base + path, {
          method,
          headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), 'accept-encoding': 'gzip', ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': payload.length }) },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('error', reject);
          res.on('end', () => {
            const wire = Buffer.concat(parts);
            const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(wire) : wire).toString('utf8');
            resolve({ status: res.statusCode!, json: text === '' ? null : JSON.parse(text), sent: payload?.length ?? 0, received: wire.length });
          });
        });
        req.end(payload);
      });
    },
  };
}

/** A coach's session: four athletes taking turns, five sets each, a note on every set. */
function clubSession(i: number, at: number): SessionRecord {
  const group = (i * 4) % ATHLETES;
  const turns = Array.from({ length: 20 }, (_, k) => ({ athleteId: `athlete-${(group + (k % 4)) % ATHLETES}`, fromUs: k * 150_000_000, velocities: Array.from({ length: 6 }, (_, r) => 0.9 - 0.03 * r + 0.01 * ((i + k) % 5)) }));
  const base = session(`session-${i}`, turns, { at, device: 'tablet' });
  const stamp = makeStamp({ ms: at, count: 0 }, 'tablet');
  return { ...base, notes: turns.map((t, k) => ({ atUs: t.fromUs + 30_000_000, rpe: 5 + (k % 5), note: k % 3 === 0 ? 'Good depth, bar path steady' : '', stamps: { rpe: stamp, note: stamp } })) };
}

/** `hours` of the Demo unit's physics as one-second chunks: sets of 8 reps, 2-minute rests, noise and jitter as the sensor has them. */
function recordedChunks(sessionId: string, hours: number): ChunkRecord[] {
  const timeUs: number[] = [];
  const angleDeg: number[] = [];
  const random = createRandom(7);
  let start = 1_000_000;
  let angle: number | undefined;
  while ((timeUs.at(-1) ?? 0) - 1_000_000 < hours * 3.6e9) {
    const set = synthesizeSet({ reps: 8, seed: Math.floor(random.uniform() * 1e9), restAfterS: 120, startTimeUs: start, ...(angle === undefined ? {} : { startAngleDeg: angle }) });
    timeUs.push(...set.timeUs);
    angleDeg.push(...set.angleDeg);
    start = set.timeUs.at(-1)! + 5000;
    angle = set.endAngleDeg;
  }
  const n = Math.floor((hours * 3.6e9) / 5000);
  const chunks: ChunkRecord[] = [];
  for (let seq = 0; seq * 200 < n; seq++) {
    const from = seq * 200;
    const to = Math.min(n, from + 200);
    chunks.push({ sessionId, seq, timeUs: Float64Array.from(timeUs.slice(from, to)), angleDeg: Float64Array.from(angleDeg.slice(from, to)) });
  }
  return chunks;
}

it('serves a club’s season, an hour of samples and 50 devices at once', async () => {
  const postgres = await startPostgres();
  const bundle = await buildServerBundle();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create database bench');
  const url = postgres.url.replace(/\/postgres$/, '/bench');
  const port = await freePort();
  const server = await startServer(bundle, ['--port', String(port), '--host', '127.0.0.1', '--requests-per-minute', '0'], { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' });
  try {
    const base = `http://127.0.0.1:${port}`;
    const join = async (name: string) => (await client(base, null).request('POST', '/api/join', { code: server.coachCode, deviceName: name })).json.token as string;
    const tablet = client(base, await join('tablet'));
    const desktop = client(base, await join('desktop'));
    const pid = server.child.pid!;
    const phase = async <T>(work: () => Promise<T>) => {
      const [cpu0, t0] = [cpuSeconds(pid), performance.now()];
      const result = await work();
      return { result, seconds: (performance.now() - t0) / 1000, cpu: cpuSeconds(pid) - cpu0 };
    };

    // ---- a season's figures ----
    const t0 = Date.now() - 365 * 86_400_000;
    const roster = Array.from({ length: ATHLETES }, (_, i) => ({ kind: 'athlete', record: encode(athlete(`athlete-${i}`, `Athlete ${i}`, t0)) }));
    const sessions = Array.from({ length: SESSIONS }, (_, i) => ({ kind: 'session', record: encode(clubSession(i, t0 + i * 8_000_000)) }));
    const all = [...roster, ...sessions];
    const push = await phase(async () => {
      let sent = 0;
      let received = 0;
      for (let i = 0; i < all.length; i += 200) {
        const res = await tablet.request('POST', '/api/push', { records: all.slice(i, i + 200) });
        expect(res.status).toBe(200);
        expect(res.json.results.every((r: { status: string }) => r.status === 'stored')).toBe(true);
        sent += res.sent;
        received += res.received;
      }
      return { sent, received };
    });
    const pull = await phase(async () => {
      let cursor = '';
      let count = 0;
      let received = 0;
      for (;;) {
        const res = await desktop.request('GET', `/api/pull?limit=1000${cursor === '' ? '' : `&after=${cursor}`}`);
        expect(res.status).toBe(200);
        count += res.json.records.length;
        received += res.received;
        cursor = res.json.cursor;
        if (!res.json.more) return { count, received };
      }
    });
    expect(pull.result.count).toBe(all.length);
    const seasonJson = Buffer.byteLength(JSON.stringify(all));

    // ---- samples ----
    const chunks = recordedChunks('session-0', SAMPLE_HOURS);
    const samples = chunks.reduce((n, c) => n + c.timeUs.length, 0);
    const rawBytes = samples * 16;
    const packedBytes = chunks.reduce((n, c) => n + packSamples(c.timeUs, c.angleDeg).length, 0);
    const deflateOnly = chunks.reduce((n, c) => n + deflateRawSync(Buffer.concat([Buffer.from(c.timeUs.buffer), Buffer.from(c.angleDeg.buffer)])).length, 0);
    const dbSize = await (async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    })();
    const tablesSize = async () => Number((await dbSize.query("select pg_total_relation_size('chunks') + pg_total_relation_size('gaps') as n")).rows[0].n);
    const before = await tablesSize();
    const upload = await phase(async () => {
      let sent = 0;
      for (let i = 0; i < chunks.length; i += 300) {
        const res = await tablet.request('POST', '/api/push', { records: chunks.slice(i, i + 300).map((c) => ({ kind: 'chunk', record: encode(c) })) });
        expect(res.status).toBe(200);
        sent += res.sent;
      }
      return { sent };
    });
    await dbSize.query('vacuum analyze chunks');
    const grown = (await tablesSize()) - before;
    await dbSize.end();
    const download = await phase(async () => {
      let from: number | null = 0;
      let received = 0;
      let got = 0;
      while (from !== null) {
        const res = await desktop.request('GET', `/api/sessions/session-0/samples?from=${from}&limit=600`);
        expect(res.status).toBe(200);
        received += res.received;
        got += res.json.chunks.length;
        if (from === 0) expect(decode(res.json.chunks[0])).toEqual(chunks[0]);
        from = res.json.next;
      }
      return { received, got };
    });
    expect(download.result.got).toBe(chunks.length);

    // ---- 50 devices at once ----
    const tokens = await Promise.all(Array.from({ length: DEVICES }, (_, i) => join(`device ${i}`)));
    const head = (await desktop.request('GET', `/api/pull?after=${pull.result.count}&limit=1`)).json.cursor as string;
    let next = 0;
    let edits = 0;
    const load = await phase(
      () =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(
            {
              url: base,
              connections: DEVICES,
              duration: LOAD_SECONDS,
              requests: [
                {
                  method: 'GET',
                  setupRequest: (req, ctx) => {
                    const context = ctx as { token?: string };
                    context.token ??= tokens[next++ % DEVICES];
                    return { ...req, path: `/api/pull?after=${head}&limit=100`, headers: { authorization: `Bearer ${context.token}` } };
                  },
                },
                {
                  method: 'POST',
                  setupRequest: (req, ctx) => {
                    const context = ctx as { token?: string };
                    const at = Date.now();
                    const a = athlete(`athlete-${edits % ATHLETES}`, `Athlete ${edits++}`, at, String(context.token).slice(0, 8));
                    return { ...req, path: '/api/push', headers: { authorization: `Bearer ${context.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ records: [{ kind: 'athlete', record: encode(a) }] }) };
                  },
                },
              ],
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
          void instance;
        }),
    );
    const result = load.result;
    expect(result.non2xx).toBe(0);

    const hours = samples / 720_000;
    record('server', {
      seasonPushSeconds: { value: push.seconds, unit: 's', note: `${ATHLETES} athletes and ${SESSIONS} sessions (20 sets, notes) in batches of 200, gzip, one device` },
      seasonPushServerCpuSeconds: { value: push.cpu, unit: 's' },
      seasonPushBytesSent: { value: push.result.sent, unit: 'bytes', note: `gzip; the JSON is ${seasonJson} bytes` },
      seasonPushBytesReceived: { value: push.result.received, unit: 'bytes' },
      seasonPullSeconds: { value: pull.seconds, unit: 's', note: 'every record, pages of 1000, another device' },
      seasonPullServerCpuSeconds: { value: pull.cpu, unit: 's' },
      seasonPullBytesReceived: { value: pull.result.received, unit: 'bytes', note: 'gzip' },
      samplesPushSecondsPerHour: { value: upload.seconds / hours, unit: 's per hour of samples', note: `${SAMPLE_HOURS} h at 200 Hz (Demo unit physics, noise, jitter), batches of 300 chunks, gzip` },
      samplesPushServerCpuSecondsPerHour: { value: upload.cpu / hours, unit: 's per hour of samples' },
      samplesPushBytesPerHour: { value: upload.result.sent / hours, unit: 'bytes per hour of samples', note: `raw doubles: ${rawBytes / hours} bytes per hour` },
      samplesFetchSecondsPerHour: { value: download.seconds / hours, unit: 's per hour of samples', note: 'pages of 600 chunks' },
      samplesFetchServerCpuSecondsPerHour: { value: download.cpu / hours, unit: 's per hour of samples' },
      samplesFetchBytesPerHour: { value: download.result.received / hours, unit: 'bytes per hour of samples', note: 'gzip' },
      databaseBytesPerHourOfSamples: { value: grown / hours, unit: 'bytes per hour of samples', note: 'chunks and gaps tables with their index and TOAST, PostgreSQL 15' },
      packedOverRaw: { value: packedBytes / rawBytes, unit: 'ratio', note: `XOR, byte shuffle, DEFLATE; DEFLATE alone: ${(deflateOnly / rawBytes).toFixed(3)}` },
      devicesRequestsPerSecond: { value: result.requests.average, unit: 'requests/s', note: `${DEVICES} devices (connections) for ${LOAD_SECONDS} s, alternating a pull from the head and a push of one athlete edit` },
      devicesP99LatencyMs: { value: result.latency.p99, unit: 'ms' },
      devicesServerCpuShare: { value: load.cpu / load.seconds, unit: 'cores' },
    });
  } finally {
    await server.stop();
    await admin.end();
    bundle.remove();
    postgres.stop();
  }
}, 1_200_000);
