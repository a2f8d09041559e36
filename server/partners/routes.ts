import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { currentUser, type Guard } from '../auth/guard.ts';
import { personName } from '../accounts/person.ts';
import { partnerGrant } from '../grants/grant.ts';
import type { MediaPathSigner } from '../media/files/signing.ts';
import type { PartnershipRow } from './repository.ts';
import { endQuery, partnerBody, partnerParams, partnerWire, type PartnerWire } from './schemas.ts';
import type { Partners } from './service.ts';

export interface PartnerRouteOptions {
  partners: Partners;
  guard: Guard;
  paths: MediaPathSigner;
  clock: Clock;
}

/** /api/partners/ (both ways; POST shares mine with an account) and /api/partners/{user_id}/ (DELETE ends it, either side). */
export const partnerRoutes: FastifyPluginAsyncZod<PartnerRouteOptions> = async (app, { partners, guard, paths, clock }) => {
  const json = (row: PartnershipRow): PartnerWire => ({
    user: {
      id: row.other.id,
      name: personName(row.other),
      email: row.other.email,
      // The other's avatar, shown through the partnership while it lasts.
      photo_url: row.other.photo_key ? paths.signGranted(row.other.photo_key, clock.now(), partnerGrant(row.id, null)) : null,
    },
    direction: row.direction,
    include_audio: row.include_audio === 1,
    created_at: row.created_at,
  });

  app.get('/partners', { preValidation: guard, schema: { response: { 200: z.array(partnerWire) } } }, async (request) =>
    (await partners.list(currentUser(request).id)).map(json),
  );

  app.post(
    '/partners',
    { preValidation: guard, schema: { body: partnerBody, response: { 200: partnerWire, 201: partnerWire } } },
    async (request, reply) => {
      const { row, created } = await partners.share(currentUser(request), request.body.email, request.body.include_audio ?? false);
      return reply.status(created ? 201 : 200).send(json(row));
    },
  );

  app.delete(
    '/partners/:user',
    { preValidation: guard, schema: { params: partnerParams, querystring: endQuery, response: { 204: z.void() } } },
    async (request, reply) => {
      await partners.end(currentUser(request).id, request.params.user, request.query.direction ?? 'both');
      return reply.status(204).send();
    },
  );
};
