import type { FastifyInstance } from 'fastify';

/**
 * Counts the requests under way (from their first hook until their answer is sent or their connection is
 * gone), for the stop: how many a SIGTERM's grace had to cut.
 */
export function countRequestsInFlight(app: FastifyInstance): { count(): number } {
  let count = 0;
  // One listener for every answer (a response closes once): no closure or once-wrapper made per request.
  const ended = () => count--;
  app.addHook('onRequest', (_request, reply, done) => {
    count++;
    reply.raw.on('close', ended);
    done();
  });
  return { count: () => count };
}
