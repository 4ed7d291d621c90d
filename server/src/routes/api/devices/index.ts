/** The team's devices, for a coach: GET /api/devices lists them; POST /api/devices/:id/revoke cuts one off at once. */
import type { FastifyInstance } from 'fastify';
import { ErrorReply } from '../../../schemas/common';
import { DeviceParams, DevicesReply, Done } from '../../../schemas/team';
import { listDevices, revokeDevice, TeamError } from '../../../team/teams';
import { typed, type RouteDeps } from '../../deps';

export default async function deviceRoutes(app: FastifyInstance, { db, now }: RouteDeps): Promise<void> {
  const api = typed(app);
  api.get('/api/devices', { preHandler: app.requireCoach, schema: { response: { 200: DevicesReply, '4xx': ErrorReply } } }, async (request) => {
    const devices = await listDevices(db, request.device.teamId);
    return { devices: devices.map((d) => ({ ...d, thisDevice: d.id === request.device.deviceId })), serverTime: now() };
  });
  api.post('/api/devices/:id/revoke', { preHandler: app.requireCoach, schema: { params: DeviceParams, response: { 200: Done, '4xx': ErrorReply } } }, async (request) => {
    if (!(await revokeDevice(db, request.device.teamId, request.params.id, now()))) throw new TeamError(404, 'not-found', `The team has no device ${request.params.id}.`);
    request.log.info({ deviceId: request.params.id, by: request.device.deviceId }, 'a device was revoked');
    return { serverTime: now() };
  });
}
