/**
 * What a device may do, by its role: one guard, `requireCoach`, used as a route's preHandler
 * where only a coach's device may go (the team's devices, join codes). Finer rules (which records
 * an athlete's device reads and writes) are the team modules' (team/access.ts), applied to every
 * record a route touches.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    requireCoach(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export default fp(
  async (app) => {
    app.decorate('requireCoach', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.device.role !== 'coach') {
        return reply.code(403).send({ statusCode: 403, error: 'Forbidden', reason: 'forbidden', message: 'Only a coach’s device may do this.' });
      }
    });
  },
  { name: 'authorization', dependencies: ['authentication'] },
);
