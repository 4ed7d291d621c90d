/** GET /api/me: which device this token is, in which team; POST /api/me/leave: the device leaves (its token stops working). */
import type { FastifyInstance } from 'fastify';
import { ErrorReply } from '../../../schemas/common';
import { Done, Me } from '../../../schemas/team';
import { revokeDevice } from '../../../team/teams';
import { typed, type RouteDeps } from '../../deps';

export default async function meRoutes(app: FastifyInstance, { db, now }: RouteDeps): Promise<void> {
  const api = typed(app);
  api.get('/api/me', { schema: { response: { 200: Me, '4xx': ErrorReply } } }, async (request) => {
    const { device } = request;
    const [team] = await db.query<{ id: string; name: string }>('select id, name from teams where id = $1', [device.teamId]);
    return { deviceId: device.deviceId, role: device.role, athleteId: device.athleteId, team: team!, serverTime: now() };
  });
  api.post('/api/me/leave', { schema: { response: { 200: Done, '4xx': ErrorReply } } }, async (request) => {
    await revokeDevice(db, request.device.teamId, request.device.deviceId, now());
    request.log.info({ deviceId: request.device.deviceId }, 'a device left the team');
    return { serverTime: now() };
  });
}
