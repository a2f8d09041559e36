import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { currentUser, type Guard } from '../auth/guard.ts';
import { sharedFileKey, sharedItemJson } from '../media/records/items.ts';
import type { ShareWithTarget } from './repository.ts';
import { createBody, createdShareWire, openBody, shareParams, sharedViewWire, shareWire, type ShareWire } from './schemas.ts';
import type { AskingSession, SharesService } from './service.ts';
import { signSharedMediaPath } from './signing.ts';

export interface ShareRouteOptions {
  shares: SharesService;
  guard: Guard;
  clock: Clock;
  secretKey: string;
  /** Base of the link handed to the owner (`<PUBLIC_URL>/s/#<token>`). */
  publicUrl: string;
}

/**
 * What every answer about an opened link carries, errors included: no search engine keeps it, and no
 * page it leads to learns where it was opened from.
 */
export const PUBLIC_SHARE_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
} as const;

/** The session behind a request that passed the guard, as the share service needs it. */
const askingSession = (request: FastifyRequest): AskingSession => ({ id: request.sessionId, recent: () => request.recentSignIn() });

/**
 * The owner's links: GET /api/shares/, POST /api/shares/ (201 with the link's URL, shown this once),
 * POST /api/shares/{id}/resume/ (a paused link back on), DELETE /api/shares/{id}/. And the one public route:
 * POST /api/public/shares/open/ {token, password?}.
 */
export const shareRoutes: FastifyPluginAsyncZod<ShareRouteOptions> = async (app, { shares, guard, clock, secretKey, publicUrl }) => {
  const shareJson = (row: ShareWithTarget): ShareWire => ({
    id: row.id,
    expires_at: row.expires_at,
    has_password: row.password_hash !== null,
    allow_download: row.allow_download === 1,
    view_count: row.view_count,
    last_viewed_at: row.last_viewed_at,
    created_at: row.created_at,
    paused_at: row.paused_at,
    active: shares.isActive(row),
    target:
      row.media_id !== null
        ? { kind: row.media_kind!, id: row.media_id, title: row.media_title ?? '' }
        : { album: row.album_id!, title: row.album_title ?? '' },
  });

  app.get('/shares', { preValidation: guard, schema: { response: { 200: z.array(shareWire) } } }, async (request) => {
    return (await shares.list(currentUser(request).id)).map(shareJson);
  });

  app.post(
    '/shares',
    { preValidation: guard, schema: { body: createBody, response: { 201: createdShareWire } } },
    async (request, reply) => {
      const body = request.body;
      const { share, token } = await shares.create(
        currentUser(request).id,
        {
          target: body.target,
          expiresInDays: body.expires_in_days,
          password: body.password ? body.password : null,
          allowDownload: body.allow_download ?? false,
        },
        askingSession(request),
      );
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send({ ...shareJson(share), url: `${publicUrl}/s/#${token}` });
    },
  );

  // A paused link (a recovery paused it) opens again, with the same address.
  app.post('/shares/:id/resume', { preValidation: guard, schema: { params: shareParams, response: { 200: shareWire } } }, async (request) =>
    shareJson(await shares.resume(currentUser(request).id, request.params.id, askingSession(request))),
  );

  app.delete(
    '/shares/:id',
    { preValidation: guard, schema: { params: shareParams, response: { 204: z.void() } } },
    async (request, reply) => {
      await shares.remove(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  // In a context of its own, so that its hook sets the headers on this route's answers only (refusals too).
  await app.register(async (context) => {
    context.addHook('onRequest', async (_request, reply) => {
      reply.headers(PUBLIC_SHARE_HEADERS);
    });
    context
      .withTypeProvider<ZodTypeProvider>()
      .post('/public/shares/open', { schema: { body: openBody, response: { 200: sharedViewWire } } }, async (request) => {
        const opened = await shares.open({ ...request.body, ip: request.ip });
        const now = clock.now();
        const { share } = opened;
        const allowDownload = share.allow_download === 1;
        return {
          kind: opened.kind,
          title: opened.title,
          description: opened.description,
          // Each item under its share-scoped name, which is all its URLs name too (no sequential id).
          items: opened.items.map((item) => {
            const ref = shares.itemRef(share, item);
            return sharedItemJson(
              item,
              ref,
              (file) => signSharedMediaPath(secretKey, ref, file, now),
              allowDownload && sharedFileKey(item, 'download') ? signSharedMediaPath(secretKey, ref, 'download', now) : null,
            );
          }),
          item_count: opened.itemCount,
          next: opened.next,
          expires_at: share.expires_at,
          allow_download: allowDownload,
          download_all_url: shares.albumZipUrl(share),
        };
      });
  });
};
