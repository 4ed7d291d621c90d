/**
 * A session's samples (team/samples.ts): GET /api/sessions/:id/samples/state says which chunk and
 * gap numbers the server holds (an upload resumes from there); GET /api/sessions/:id/samples
 * hands the chunks over a page at a time.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorReply } from '../../../schemas/common';
import { SamplesQuery, SamplesReply, SamplesStateReply, SessionParams } from '../../../schemas/log';
import { samplesPage, samplesState } from '../../../team/samples';
import { typed, type RouteDeps } from '../../deps';

export default async function sampleRoutes(app: FastifyInstance, { db, now }: RouteDeps): Promise<void> {
  const api = typed(app);
  api.get('/api/sessions/:id/samples/state', { schema: { params: SessionParams, response: { 200: SamplesStateReply, '4xx': ErrorReply } } }, async (request) => ({
    ...(await samplesState(db, request.device.teamId, request.device, request.params.id)),
    serverTime: now(),
  }));
  api.get('/api/sessions/:id/samples', { schema: { params: SessionParams, querystring: SamplesQuery, response: { 200: SamplesReply, '4xx': ErrorReply } } }, async (request) => ({
    ...(await samplesPage(db, request.device.teamId, request.device, request.params.id, request.query.from ?? 0, request.query.limit ?? 300)),
    serverTime: now(),
  }));
}
