import type { FastifyInstance } from 'fastify';

/**
 * Counts the requests under way (from their first hook until their answer is sent or their connection is
 * gone), for the stop: how many a SIGTERM's grace had to cut.
 */
export function countRequestsInFlight(app: FastifyInstance): { count(): number } {
  let count = 0;
  app.addHook('onRequest', (_request, reply, done) => {
    count++;
    reply.raw.once('close', () => count--);
    done();
  });
  return { count: () => count };
}
