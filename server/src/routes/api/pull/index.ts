/** GET /api/pull?after=<cursor>&limit=<n>: what changed since the device's cursor (team/pull.ts). */
import type { FastifyInstance } from 'fastify';
import { ErrorReply } from '../../../schemas/common';
import { PullQuery, PullReply } from '../../../schemas/log';
import { pull, versionOf } from '../../../team/pull';
import { TeamError } from '../../../team/teams';
import { typed, type RouteDeps } from '../../deps';

export default async function pullRoutes(app: FastifyInstance, { db, now }: RouteDeps): Promise<void> {
  typed(app).get('/api/pull', { schema: { querystring: PullQuery, response: { 200: PullReply, '4xx': ErrorReply } } }, async (request) => {
    let after: number;
    try {
      after = versionOf(request.query.after);
    } catch (error) {
      throw new TeamError(400, 'bad-cursor', (error as Error).message);
    }
    const reply = await pull(db, request.device.teamId, request.device, after, request.query.limit ?? 500);
    return { ...reply, serverTime: now() };
  });
}
