/** POST /api/push: a batch of records merged into the team's log (team/push.ts); the reply says what became of each. */
import type { FastifyInstance } from 'fastify';
import { ErrorReply } from '../../../schemas/common';
import { PushBody, PushReply } from '../../../schemas/log';
import { push } from '../../../team/push';
import { typed, type RouteDeps } from '../../deps';

export default async function pushRoutes(app: FastifyInstance, { db, now, beforeCommit }: RouteDeps): Promise<void> {
  typed(app).post('/api/push', { schema: { body: PushBody, response: { 200: PushReply, '4xx': ErrorReply } } }, async (request) => {
    const { device } = request;
    const reply = await push(db, device.teamId, device, request.body.records, { now: now(), ...(beforeCommit === undefined ? {} : { beforeCommit }) });
    const refused = reply.results.filter((r) => r.status === 'refused').length;
    if (refused > 0) request.log.info({ deviceId: device.deviceId, refused, reasons: [...new Set(reply.results.flatMap((r) => r.reason ?? []))] }, 'push partly refused');
    return { ...reply, serverTime: now() };
  });
}
