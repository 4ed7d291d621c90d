/** POST /api/join: a device joins the team with a code (no token yet; rate-limited hard). */
import type { FastifyInstance } from 'fastify';
import { ErrorReply } from '../../../schemas/common';
import { JoinBody, JoinReply } from '../../../schemas/team';
import { joinTeam } from '../../../team/teams';
import { typed, type RouteDeps } from '../../deps';

/** Join attempts per address and minute: a person typing a code needs a few; guessing 50 bits needs far more. */
export const JOIN_ATTEMPTS_PER_MINUTE = 10;

export default async function joinRoutes(app: FastifyInstance, { db, now }: RouteDeps): Promise<void> {
  typed(app).post('/api/join', { schema: { body: JoinBody, response: { 200: JoinReply, '4xx': ErrorReply } }, config: { rateLimit: { max: JOIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 } } }, async (request) => {
    const { device, token } = await joinTeam(db, { code: request.body.code, deviceName: request.body.deviceName, now: now() });
    const [team] = await db.query<{ id: string; name: string }>('select id, name from teams where id = $1', [device.teamId]);
    request.log.info({ deviceId: device.deviceId, role: device.role }, 'a device joined');
    return { deviceId: device.deviceId, token, role: device.role, athleteId: device.athleteId, team: team!, serverTime: now() };
  });
}
