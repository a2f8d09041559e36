import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { currentSessionId, currentUser, type Guard } from '../auth/guard.ts';
import { personName } from '../accounts/person.ts';
import { albumGrant, memberGrant, sessionGrant } from '../grants/grant.ts';
import { contentDisposition, safeFileName } from '../media/files/content-disposition.ts';
import { sendStored } from '../media/files/send-file.ts';
import { MEDIA_KINDS } from '../media/kinds.ts';
import type { MediaPathSigner } from '../media/files/signing.ts';
import type { Storage } from '../storage/storage.ts';
import type { AlbumEntry, AlbumSummary } from './repository.ts';
import {
  albumEntryWire,
  albumItemParams,
  albumParams,
  albumWire,
  createBody,
  editBody,
  entriesQuery,
  itemsBody,
  type AlbumEntryWire,
  type AlbumWire,
} from './schemas.ts';
import type { AlbumsService } from './service.ts';
import { albumUrls, type AlbumUrls } from './urls.ts';

export interface AlbumRouteOptions {
  albums: AlbumsService;
  guard: Guard;
  /** Signs the media URLs of covers and items, as the kinds' lists do. */
  paths: MediaPathSigner;
  storage: Storage;
  secretKey: string;
  clock: Clock;
}

/** A signed, expiring link (a download). */
const linkWire = z.strictObject({ url: z.string() });

/**
 * /api/albums/ (list: mine and those shared with me; create), /api/albums/{id}/ (read, PATCH, DELETE) and
 * /api/albums/{id}/items/ (the items as records of their kinds, with who added each, a page at a time; POST
 * adds, DELETE takes out, each answering with the album), and the download of another member's item.
 * Members are members/routes.ts.
 */
export const albumRoutes: FastifyPluginAsyncZod<AlbumRouteOptions> = async (app, { albums, guard, paths, storage, secretKey, clock }) => {
  const urlsFor = (viewerId: number, album: AlbumSummary | { id: number; part: AlbumSummary['part'] }) =>
    albumUrls(paths, secretKey, clock.now(), viewerId, album, album.part);
  const answer = (viewerId: number, row: AlbumSummary) => albumJson(row, viewerId, urlsFor(viewerId, row));
  const album = { 200: albumWire };

  app.get('/albums', { preValidation: guard, schema: { response: { 200: z.array(albumWire) } } }, async (request) => {
    const viewerId = currentUser(request).id;
    return (await albums.list(viewerId)).map((row) => answer(viewerId, row));
  });

  app.post('/albums', { preValidation: guard, schema: { body: createBody, response: { 201: albumWire } } }, async (request, reply) => {
    const viewerId = currentUser(request).id;
    const row = await albums.create(viewerId, request.body);
    return reply.status(201).send(answer(viewerId, row));
  });

  app.get('/albums/:id', { preValidation: guard, schema: { params: albumParams, response: album } }, async (request) => {
    const viewerId = currentUser(request).id;
    return answer(viewerId, await albums.get(viewerId, request.params.id));
  });

  app.patch('/albums/:id', { preValidation: guard, schema: { params: albumParams, body: editBody, response: album } }, async (request) => {
    const viewerId = currentUser(request).id;
    return answer(viewerId, await albums.update(viewerId, request.params.id, request.body));
  });

  app.delete(
    '/albums/:id',
    { preValidation: guard, schema: { params: albumParams, response: { 204: z.void() } } },
    async (request, reply) => {
      await albums.remove(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  // The whole album, or with ?limit= (and ?after=, the last position seen) a page of it: a shared album of
  // thousands shows its first tiles from the first page.
  app.get(
    '/albums/:id/items',
    { preValidation: guard, schema: { params: albumParams, querystring: entriesQuery, response: { 200: z.array(albumEntryWire) } } },
    async (request) => {
      const viewerId = currentUser(request).id;
      const { after, limit } = request.query;
      const { view, entries } = await albums.entries(viewerId, request.params.id, { after: after ?? null, limit: limit ?? null });
      const urls = urlsFor(viewerId, { id: view.id, part: view.role === 'owner' ? { role: 'owner', membershipId: null } : view });
      return entries.map((row) => entryJson(row, viewerId, view.id, view.role === 'owner' || view.allow_download === 1, urls));
    },
  );

  const change = { preValidation: guard, schema: { params: albumParams, body: itemsBody, response: album } };
  app.post('/albums/:id/items', change, async (request) => {
    const viewerId = currentUser(request).id;
    return answer(viewerId, await albums.addItems(viewerId, request.params.id, request.body.items));
  });
  app.delete('/albums/:id/items', change, async (request) => {
    const viewerId = currentUser(request).id;
    return answer(viewerId, await albums.removeItems(viewerId, request.params.id, request.body.items));
  });

  // Another member's item, downloaded by someone the album is shared with while the album allows it: the copy
  // made for playing and viewing, as an attachment; `download-link` gives a signed link to it that works while
  // the grant it carries holds (the membership, or for the owner the album) and an hour at most.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/albums/:id/items/:kind/:item/download',
    preValidation: guard,
    schema: { params: albumItemParams },
    handler: async (request, reply) => {
      const { id, kind, item } = request.params;
      const { file } = await albums.download(currentUser(request).id, id, { kind, id: item });
      reply.header('Content-Disposition', contentDisposition(file.filename));
      reply.header('Cache-Control', 'private, no-cache');
      return sendStored(request, reply, storage, file.key, file.mime);
    },
  });
  app.get(
    '/albums/:id/items/:kind/:item/download-link',
    { preValidation: guard, schema: { params: albumItemParams, response: { 200: linkWire } } },
    async (request) => {
      const viewerId = currentUser(request).id;
      const { id, kind, item } = request.params;
      const { view, row, file } = await albums.download(viewerId, id, { kind, id: item });
      const grant =
        row.user_id === viewerId
          ? sessionGrant(currentSessionId(request))
          : view.role === 'owner'
            ? albumGrant(view.id, row.id)
            : memberGrant(view.membershipId, row.id);
      return { url: paths.download(file.key, safeFileName(file.filename), clock.now(), grant) };
    },
  );
};

/** The album as the API shows it to the viewer: its cover's picture is a photo's thumbnail or a video's poster. */
function albumJson(row: AlbumSummary, viewerId: number, urls: AlbumUrls): AlbumWire {
  const { cover } = row;
  const signer = cover && urls.item({ id: cover.id, user_id: cover.user_id });
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    item_count: row.item_count,
    cover: cover && {
      kind: cover.kind,
      id: cover.id,
      thumb_url: signer!.url(cover.kind === 'photo' ? cover.thumbnail_key : cover.kind === 'video' ? cover.poster_key : null),
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
    owner:
      row.owner.id === viewerId
        ? null
        : { id: row.owner.id, name: personName(row.owner), photo_url: urls.face(row.owner.id, row.owner.photo_key) },
    role: row.part.role,
    allow_download: row.allow_download === 1,
  };
}

/**
 * An album's item as the viewer sees it: the record of its kind, signed for the viewer, with who added it. An
 * item that is not the viewer's is read-only to them: no original, no checksum, no favourite mark, and a
 * download only through the album while it allows one.
 */
function entryJson(row: AlbumEntry, viewerId: number, albumId: number, downloads: boolean, urls: AlbumUrls): AlbumEntryWire {
  const mine = row.user_id === viewerId;
  const record = { ...(MEDIA_KINDS[row.kind].toJson(row, urls.item(row)) as Record<string, unknown>) };
  const adder = { id: row.adder.id, name: personName(row.adder) };
  if (!mine) {
    if (row.kind === 'audio') record.original_file = null;
    record.sha256 = null;
    record.is_favorite = false;
    record.download_url = downloads ? `/api/albums/${albumId}/items/${row.kind}/${row.id}/download/` : null;
  }
  return {
    ...record,
    kind: row.kind,
    added_by: adder,
    added_at: row.added_at,
    owner: mine ? null : adder,
    position: row.position,
  } as AlbumEntryWire;
}
