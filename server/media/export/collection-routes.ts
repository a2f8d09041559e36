import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { usageSchema } from '../../../contract/media.ts';
import type { MediaServices } from '../services.ts';
import { currentSessionId, currentUser } from '../../auth/guard.ts';
import { requireRecentSignIn } from '../../auth/recent-sign-in.ts';
import { ApiError } from '../../http/errors.ts';
import { sessionGrant } from '../../grants/grant.ts';
import { contentDisposition } from '../files/content-disposition.ts';
import { forbidden, linkEnded } from '../files/access.ts';
import { exportBody, linkWire } from '../schemas.ts';
import { parseRange } from '../files/send-file.ts';

export interface CollectionRouteOptions {
  media: MediaServices;
}

/** The export link's owner, expiry, grant and signature; anything else in their place is no signature (403). */
const exportParams = z.object({
  user: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
});
const signedQuery = z.object({
  exp: z.string().optional().catch(undefined),
  g: z.string().optional().catch(undefined),
  sig: z.string().optional().catch(undefined),
  items: z.string().optional().catch(undefined),
});

/**
 * The owner's whole collection: GET /api/media/usage/ (what it takes up) and POST /api/media/export/ (a
 * signed link to a ZIP of every original, or with `{items: [{kind, id}]}` of those chosen, for the
 * session that asked; the link is exportLinkRoutes').
 */
export const collectionRoutes: FastifyPluginAsyncZod<CollectionRouteOptions> = async (app, { media }) => {
  app.get('/media/usage', { schema: { response: { 200: z.strictObject(usageSchema.shape) } } }, async (request) =>
    media.usage.of(currentUser(request).id),
  );

  // The link belongs to the session that asked: it stops when that session ends, and lives an hour at most.
  // An export hands out every original: it needs a recent sign-in in the session (a stolen access token alone cannot).
  app.post(
    '/media/export',
    { preHandler: requireRecentSignIn, schema: { body: exportBody, response: { 200: linkWire } } },
    async (request) => {
      const userId = currentUser(request).id;
      const grant = sessionGrant(currentSessionId(request));
      const { items } = request.body;
      return { url: items ? await media.export.linkTo(userId, grant, items) : media.export.link(userId, grant) };
    },
  );
};

/**
 * The export link itself, GET /api/media/export/{user}/?exp=…&g=…[&items=…]&sig=…: no session, its signature and
 * grant are its permission (the browser downloads it straight to disk).
 */
export const exportLinkRoutes: FastifyPluginAsyncZod<CollectionRouteOptions> = async (app, { media }) => {
  // The archive streams as it is made: no response schema applies to its bytes. GET and HEAD declared
  // together, as fastify's automatic HEAD would make the archive only to drop it.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/export/:user',
    schema: { params: exportParams, querystring: signedQuery },
    handler: async (request, reply) => {
      const { user } = request.params;
      const verdict = await media.export.verify(user, request.query);
      if (verdict === 'forbidden') throw forbidden();
      if (verdict === 'ended') throw linkEnded();
      const plan = await media.export.plan(user, verdict.ids);
      reply.header('Content-Type', 'application/zip');
      reply.header('Content-Disposition', contentDisposition(media.export.fileName()));
      reply.header('Cache-Control', 'private, no-cache');
      reply.header('X-Content-Type-Options', 'nosniff');
      // A download cut off resumes with Range + If-Range: the same ETag means the same bytes.
      reply.header('Accept-Ranges', 'bytes');
      reply.header('ETag', plan.etag);
      let range = parseRange(request.headers.range, plan.size);
      const ifRange = request.headers['if-range'];
      if (range.type !== 'none' && typeof ifRange === 'string' && ifRange.trim() !== plan.etag) range = { type: 'none' };
      if (range.type === 'unsatisfiable') {
        throw new ApiError(416, { detail: 'Запрошенный диапазон недоступен.' }, { 'Content-Range': `bytes */${plan.size}` });
      }
      const head = request.method === 'HEAD';
      if (range.type === 'range') {
        reply.status(206);
        reply.header('Content-Range', `bytes ${range.start}-${range.end}/${plan.size}`);
        reply.header('Content-Length', String(range.end - range.start + 1));
        return reply.send(head ? undefined : await media.export.open(plan, range));
      }
      reply.header('Content-Length', String(plan.size));
      return reply.send(head ? undefined : await media.export.open(plan));
    },
  });
};
