import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { currentUser } from '../auth/guard.ts';
import { mediaItemJson, mediaItemWire } from '../media/records/items.ts';
import type { UrlSigner } from '../media/kinds.ts';
import type { MediaPathSigner } from '../media/files/signing.ts';
import type { AlbumSummary } from './repository.ts';
import { albumParams, albumWire, createBody, editBody, itemsBody, type AlbumWire } from './schemas.ts';
import type { AlbumsService } from './service.ts';

export interface AlbumRouteOptions {
  albums: AlbumsService;
  /** Signs the media URLs of covers and items, as the kinds' lists do. */
  paths: MediaPathSigner;
  clock: Clock;
}

/**
 * /api/albums/ (list, create), /api/albums/{id}/ (read, PATCH, DELETE) and /api/albums/{id}/items/ (the
 * items as records of their kinds; POST adds, DELETE takes out, each answering with the album).
 */
export const albumRoutes: FastifyPluginAsyncZod<AlbumRouteOptions> = async (app, { albums, paths, clock }) => {
  const signer = (): UrlSigner => {
    const now = clock.now();
    return { url: (key) => (key ? paths.sign(key, now) : null) };
  };
  const album = { 200: albumWire };

  app.get('/albums', { schema: { response: { 200: z.array(albumWire) } } }, async (request) => {
    const s = signer();
    return (await albums.list(currentUser(request).id)).map((row) => albumJson(row, s));
  });

  app.post('/albums', { schema: { body: createBody, response: { 201: albumWire } } }, async (request, reply) => {
    const row = await albums.create(currentUser(request).id, request.body);
    return reply.status(201).send(albumJson(row, signer()));
  });

  app.get('/albums/:id', { schema: { params: albumParams, response: album } }, async (request) => {
    return albumJson(await albums.get(currentUser(request).id, request.params.id), signer());
  });

  app.patch('/albums/:id', { schema: { params: albumParams, body: editBody, response: album } }, async (request) => {
    return albumJson(await albums.update(currentUser(request).id, request.params.id, request.body), signer());
  });

  app.delete('/albums/:id', { schema: { params: albumParams, response: { 204: z.void() } } }, async (request, reply) => {
    await albums.remove(currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/albums/:id/items', { schema: { params: albumParams, response: { 200: z.array(mediaItemWire) } } }, async (request) => {
    const s = signer();
    return (await albums.items(currentUser(request).id, request.params.id)).map((row) => mediaItemJson(row, s));
  });

  const change = { schema: { params: albumParams, body: itemsBody, response: album } };
  app.post('/albums/:id/items', change, async (request) => {
    return albumJson(await albums.addItems(currentUser(request).id, request.params.id, request.body.items), signer());
  });
  app.delete('/albums/:id/items', change, async (request) => {
    return albumJson(await albums.removeItems(currentUser(request).id, request.params.id, request.body.items), signer());
  });
};

/** The album as the API shows it: its cover's picture is a photo's thumbnail or a video's poster. */
function albumJson(row: AlbumSummary, signer: UrlSigner): AlbumWire {
  const { cover } = row;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    item_count: row.item_count,
    cover: cover && {
      kind: cover.kind,
      id: cover.id,
      thumb_url: signer.url(cover.kind === 'photo' ? cover.thumbnail_key : cover.kind === 'video' ? cover.poster_key : null),
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
