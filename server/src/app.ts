/**
 * The team server's composition root: `buildApp` makes one Fastify app around a database (no
 * state anywhere else, so a test builds as many as it likes). Cross-cutting concerns are plugins
 * registered here, in order: security headers (helmet), CORS for the app's origins (bearer
 * tokens, no cookies), gzip in both directions (request bodies decompressed under the body
 * limit), rate limits per device, one error shape, then authentication and authorization, then
 * the routes: the health check and joining open, everything else behind `authenticate`.
 */
import { createHash } from 'node:crypto';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database } from './db/database';
import authentication, { bearerToken } from './plugins/authentication';
import authorization from './plugins/authorization';
import { installErrorHandler } from './plugins/errors';
import deviceRoutes from './routes/api/devices/index';
import joinCodeRoutes from './routes/api/join-codes/index';
import joinRoutes from './routes/api/join/index';
import meRoutes from './routes/api/me/index';
import pullRoutes from './routes/api/pull/index';
import pushRoutes from './routes/api/push/index';
import sampleRoutes from './routes/api/sessions/samples';
import type { RouteDeps } from './routes/deps';

/** The largest request body, decompressed: a push of about a thousand sample chunks. */
export const BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** Requests per device (or per address, before joining) and minute: a device syncing flat out needs far fewer. */
export const REQUESTS_PER_MINUTE = 600;

/** The app's origins allowed by default: its dev server and preview, and the native shells' WebViews. */
export const DEFAULT_APP_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173', 'http://127.0.0.1:4173', 'http://localhost:4173', 'capacitor://localhost', 'https://localhost'];

export interface AppOptions {
  db: Database;
  /** The server's clock, ms since the epoch (tests move it). */
  now?: () => number;
  /** Fastify's logger: false for none, or pino options (the Authorization header is always redacted). */
  logger?: boolean | { level?: string; stream?: NodeJS.WritableStream };
  bodyLimit?: number;
  /** Requests per device and minute; false turns the limit off (the load benchmark measures the server, not the limit). */
  requestsPerMinute?: number | false;
  /** Origins the app is served from (CORS). */
  appOrigins?: readonly string[];
  beforeCommit?: () => Promise<void>;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? false;
  const app = Fastify({
    logger: logger === false ? false : { level: logger === true ? 'info' : (logger.level ?? 'info'), redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' }, ...(logger !== true && logger.stream ? { stream: logger.stream } : {}) } satisfies FastifyServerOptions['logger'],
    bodyLimit: options.bodyLimit ?? BODY_LIMIT_BYTES,
    // A field no schema names is an error, not silently dropped (Fastify's default drops it).
    ajv: { customOptions: { removeAdditional: false } },
    trustProxy: 'loopback',
  });
  installErrorHandler(app);
  await app.register(helmet, { global: true });
  await app.register(cors, { origin: [...(options.appOrigins ?? DEFAULT_APP_ORIGINS)], credentials: false, methods: ['GET', 'POST'], allowedHeaders: ['Authorization', 'Content-Type', 'Content-Encoding'], maxAge: 600 });
  await app.register(compress, { global: true, encodings: ['gzip'], requestEncodings: ['gzip'], threshold: 1024 });
  if (options.requestsPerMinute !== false) {
    await app.register(rateLimit, {
      max: options.requestsPerMinute ?? REQUESTS_PER_MINUTE,
      timeWindow: 60_000,
      // Per device once it has a token (its hash: the token itself is kept nowhere), per address before.
      keyGenerator: (request) => {
        const token = bearerToken(request);
        return token === null ? `ip:${request.ip}` : `device:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;
      },
      errorResponseBuilder: (_request, context) => ({ statusCode: 429, error: 'Too Many Requests', reason: 'rate-limited', message: `Too many requests: wait ${Math.ceil(context.ttl / 1000)} s.` }),
    });
  }
  const deps: RouteDeps = { db: options.db, now, ...(options.beforeCommit === undefined ? {} : { beforeCommit: options.beforeCommit }) };
  await app.register(authentication, { db: options.db, now });
  await app.register(authorization);
  app.get('/api/health', async () => ({ service: 'repline-team-server', serverTime: now() }));
  await app.register(joinRoutes, deps);
  await app.register(async (secured) => {
    secured.addHook('onRequest', secured.authenticate);
    for (const routes of [meRoutes, deviceRoutes, joinCodeRoutes, pushRoutes, pullRoutes, sampleRoutes]) await secured.register(routes, deps);
  });
  return app;
}
