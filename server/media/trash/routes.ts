import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MediaServices } from '../services.ts';
import type { Clock } from '../../clock.ts';
import { currentUser, type Guard } from '../../auth/guard.ts';
import { KIND_SPECS, MEDIA_KINDS, type UrlSigner } from '../kinds.ts';
import { idParams, kindIdParams, trashWire } from '../schemas.ts';
import { purgeAt } from './trash.ts';

export interface TrashRouteOptions {
  media: MediaServices;
  guard: Guard;
  clock: Clock;
}

/**
 * The trash: GET /api/media/trash/ lists it, POST /api/media/{kind}/{id}/restore/ brings an item back,
 * DELETE /api/media/trash/{kind}/{id}/ and DELETE /api/media/trash/ remove for good. Deleting an item
 * (DELETE /api/media/{kind}/{id}/) is what puts it here.
 */
export const trashRoutes: FastifyPluginAsyncZod<TrashRouteOptions> = async (app, { media, guard, clock }) => {
  app.get('/media/trash', { preValidation: guard, schema: { response: { 200: z.array(trashWire) } } }, async (request) => {
    const rows = await media.trash.list(currentUser(request).id);
    const now = clock.now();
    return rows.map((row) => {
      const deletedAt = row.deleted_at!;
      // Trashed files are not served, but for the small picture the trash shows (a photo's thumbnail, a video's
      // poster), by a URL of the trash's own: a deleted photo is recognised before it is restored.
      const previews = new Set([row.thumbnail_key, row.poster_key].filter((key) => key !== null));
      const signer: UrlSigner = { url: (key) => (key && previews.has(key) ? media.paths.trashPreview(key, now) : null) };
      return {
        ...(MEDIA_KINDS[row.kind].toJson(row, signer) as object),
        kind: row.kind,
        deleted_at: deletedAt,
        purge_at: purgeAt(deletedAt),
      };
    }) as z.input<typeof trashWire>[];
  });

  app.delete('/media/trash', { preValidation: guard, schema: { response: { 204: z.void() } } }, async (request, reply) => {
    await media.trash.empty(currentUser(request).id);
    return reply.status(204).send();
  });

  app.delete(
    '/media/trash/:kind/:id',
    { preValidation: guard, schema: { params: kindIdParams, response: { 204: z.void() } } },
    async (request, reply) => {
      await media.trash.purge(currentUser(request).id, MEDIA_KINDS[request.params.kind], request.params.id);
      return reply.status(204).send();
    },
  );

  for (const kind of KIND_SPECS) {
    app.post(
      `/media/${kind.name}/:id/restore`,
      { preValidation: guard, schema: { params: idParams, response: { 200: kind.record } } },
      async (request) => {
        const row = await media.trash.restore(currentUser(request).id, kind, request.params.id);
        const now = clock.now();
        return kind.toJson(row, { url: (key) => (key ? media.paths.sign(key, now) : null) });
      },
    );
  }
};
