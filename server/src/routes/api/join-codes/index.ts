/** POST /api/join-codes: a coach's device makes a code for another coach's device, or for one athlete's. */
import type { FastifyInstance } from 'fastify';
import { ErrorReply } from '../../../schemas/common';
import { JoinCodeBody, JoinCodeReply } from '../../../schemas/team';
import { makeJoinCode } from '../../../team/teams';
import { typed, type RouteDeps } from '../../deps';

export default async function joinCodeRoutes(app: FastifyInstance, { db, now }: RouteDeps): Promise<void> {
  typed(app).post('/api/join-codes', { preHandler: app.requireCoach, schema: { body: JoinCodeBody, response: { 200: JoinCodeReply, '4xx': ErrorReply } } }, async (request) => {
    const athleteId = request.body.role === 'athlete' ? (request.body.athleteId ?? null) : null;
    const { code, expiresAt } = await makeJoinCode(db, { teamId: request.device.teamId, role: request.body.role, athleteId, createdBy: request.device.deviceId, now: now() });
    return { code, role: request.body.role, athleteId, expiresAt, serverTime: now() };
  });
}
