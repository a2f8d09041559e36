import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { contentDisposition } from '../media/files/content-disposition.ts';
import { mimeForKey } from '../media/content-types.ts';
import { MEDIA_KINDS } from '../media/kinds.ts';
import { sendStored } from '../media/files/send-file.ts';
import { PUBLIC_SHARE_HEADERS } from './routes.ts';
import { sharedAlbumParams, sharedFileParams, sharedFileQuery } from './schemas.ts';
import { streamZip } from '../media/export/zip.ts';
import type { SharesService } from './service.ts';

const forbidden = () => new ApiError(403, { detail: 'Доступ запрещён' });

/**
 * `/media/shared/<item ref>/<file>?exp=…&sig=…`: the bytes a share link hands out. Without a
 * valid signature the answer is the same 403 whatever the URL names; with one, 404 the moment the link no
 * longer grants the item (SharesService.fileFor). Every request, each Range of a player too, is checked
 * again, and nothing is kept by the browser or a proxy (no-store), so a revoked link shows nothing more.
 */
export async function sharedFileRoutes(app: FastifyInstance, deps: AppDeps, shares: SharesService): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'HEAD'],
    url: '/media/shared/:ref/:file',
    schema: { params: sharedFileParams, querystring: sharedFileQuery },
    onRequest: async (_request, reply) => {
      reply.headers(PUBLIC_SHARE_HEADERS);
      reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
    },
    handler: async (request, reply) => {
      const { ref, file } = request.params;
      const access = await shares.fileFor(ref, file, request.query);
      if (access.status === 'forbidden') throw forbidden();
      if (access.status === 'gone') throw notFound();
      if (access.download) {
        const { item, key } = access;
        // An untitled item is named after its kind alone: its id is not the guest's to see.
        const title = item.title.trim() || MEDIA_KINDS[item.kind].fallbackName;
        reply.header('Content-Disposition', contentDisposition(`${title}.${key.slice(key.lastIndexOf('.') + 1)}`));
      }
      return sendStored(request, reply, deps.storage, access.key, mimeForKey(access.key));
    },
  });

  // An album link's «Скачать всё»: one ZIP of every item's served copy, streamed as it is made (never whole in
  // memory, so no length and no ranges), under the album's title. The link is checked again before each file:
  // revoked, paused or expired meanwhile, the archive breaks off there. GET only (an automatic HEAD would make
  // the archive to drop it).
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/media/shared-album/:ref',
    exposeHeadRoute: false,
    schema: { params: sharedAlbumParams, querystring: sharedFileQuery },
    onRequest: async (_request, reply) => {
      reply.headers(PUBLIC_SHARE_HEADERS);
      reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
    },
    handler: async (request, reply) => {
      const zip = await shares.albumZip(request.params.ref, request.query, request.ip);
      if (zip.status === 'forbidden') throw forbidden();
      if (zip.status === 'gone') throw notFound();
      reply.header('Content-Type', 'application/zip');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Disposition', contentDisposition(`${zip.title}.zip`));
      const { storage } = deps;
      return reply.send(
        streamZip(
          zip.files.map((file) => ({
            name: file.name,
            mtime: file.mtime,
            open: async () => {
              if (!(await file.stillGranted())) throw new Error('the share link no longer grants this file');
              return storage.read(file.key);
            },
          })),
        ),
      );
    },
  });
}
