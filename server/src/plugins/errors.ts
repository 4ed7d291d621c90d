/**
 * Every refusal as one JSON shape, `{ statusCode, error, reason, message }`: Fastify's own (a
 * malformed or oversized body, a request that breaks its schema, too many requests) get a reason
 * too, the team's (TeamError, SamplesError) keep theirs, and anything else is a 500 whose details
 * stay in the log.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { SamplesError } from '../team/samples';
import { TeamError } from '../team/teams';

const FASTIFY_REASONS: Record<string, { status: number; reason: string; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, reason: 'too-large', message: 'The request body is larger than this server takes: send fewer records at a time.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, reason: 'malformed-json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, reason: 'malformed-json' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, reason: 'unsupported-media-type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, reason: 'bad-length' },
  FST_CP_ERR_INVALID_CONTENT_ENCODING: { status: 415, reason: 'unsupported-encoding' },
  FST_CP_ERR_INVALID_CONTENT: { status: 400, reason: 'malformed-body', message: 'The request body could not be decompressed.' },
  FST_ERR_VALIDATION: { status: 400, reason: 'invalid-request' },
};

const TITLES: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests', 500: 'Internal Server Error' };

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, reason: string, message: string) => reply.code(status).send({ statusCode: status, error: TITLES[status] ?? 'Error', reason, message });
    if (error instanceof TeamError || error instanceof SamplesError) return send(error.status, error.reason, error.message);
    const known = error.code === undefined ? undefined : FASTIFY_REASONS[error.code];
    if (known !== undefined) return send(known.status, known.reason, known.message ?? error.message);
    if (error.validation !== undefined) return send(400, 'invalid-request', error.message);
    if (error.statusCode === 429) return send(429, 'rate-limited', error.message);
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) return send(error.statusCode, 'bad-request', error.message);
    request.log.error({ err: error }, 'request failed');
    return send(500, 'internal', 'The server failed to answer this request; it is logged. Try again later.');
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ statusCode: 404, error: 'Not Found', reason: 'no-route', message: `There is no ${request.method} ${request.url.split('?')[0]} on this server.` }));
}
