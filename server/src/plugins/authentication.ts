/**
 * Who is asking: every route but the health check and joining is behind `authenticate`, which
 * reads `Authorization: Bearer <token>` (never a URL or a cookie), finds the device by the
 * token's hash and puts it on the request; no token, an unknown one or a revoked one gets 401 at
 * once. The header is redacted from Fastify's logs (app.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import { deviceOfToken, touchDevice, type Device } from '../team/teams';

declare module 'fastify' {
  interface FastifyRequest {
    device: Device;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header) : null;
  return match === null ? null : match[1]!;
}

/** How often a device's `last_seen_at` is written: the device list shows it to the minute. */
const SEEN_EVERY_MS = 60_000;

export default fp<{ db: Database; now: () => number }>(
  async (app, { db, now }) => {
    // When each device was last noted as seen by this process: a request in between writes nothing.
    const seen = new Map<string, number>();
    app.decorateRequest('device', null as unknown as Device);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request);
      if (token === null) {
        return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', reason: 'no-token', message: 'This request needs the device’s token in an Authorization: Bearer header: join the team first.' });
      }
      const device = await deviceOfToken(db, token);
      if (device === null) {
        return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', reason: 'bad-token', message: 'This device’s token is not valid (it was revoked, or the device left the team): join the team again.' });
      }
      request.device = device;
      const at = now();
      if (at - (seen.get(device.deviceId) ?? Number.NEGATIVE_INFINITY) >= SEEN_EVERY_MS) {
        seen.set(device.deviceId, at);
        await touchDevice(db, device.deviceId, at);
      }
    });
  },
  { name: 'authentication' },
);
