import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trimRequestSchema } from '../../../contract/media.ts';
import type { MediaServices } from '../services.ts';
import type { Clock } from '../../clock.ts';
import { currentUser } from '../../auth/guard.ts';
import { audioKind } from '../kinds.ts';
import { idParams } from '../schemas.ts';

export interface TrimRouteOptions {
  media: MediaServices;
  clock: Clock;
}

/**
 * POST /api/media/audio/{id}/trim/ with `{"start": s, "end": s}`: 202 with the record, processing
 * while the job cuts it; 400 with field errors for a part outside the recording or under a second,
 * 409 unless the record is ready, 404 for anyone else's.
 */
export const trimRoutes: FastifyPluginAsyncZod<TrimRouteOptions> = async (app, { media, clock }) => {
  app.post(
    `/media/${audioKind.name}/:id/trim`,
    { schema: { params: idParams, body: trimRequestSchema, response: { 202: audioKind.record } } },
    async (request, reply) => {
      const row = await media.trim.request(currentUser(request).id, request.params.id, request.body);
      const now = clock.now();
      return reply.status(202).send(audioKind.toJson(row, { url: (key) => (key ? media.paths.sign(key, now) : null) }));
    },
  );
};
