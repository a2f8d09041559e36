import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { contentDisposition } from './content-disposition.ts';
import { mimeForKey } from '../content-types.ts';
import { parseGrant } from '../../grants/grant.ts';
import { grantNamesItsFile } from '../../grants/grants.ts';
import { forbidden, linkEnded, type MediaFileAccess } from './access.ts';
import { sendStored } from './send-file.ts';
import { MEDIA_URL_TTL_SECONDS } from './signing.ts';

/** A signed URL's expiry, download name, grant and signature; anything else in their place is no signature (the same 403). */
const signedQuery = z.object({
  exp: z.string().optional().catch(undefined),
  dl: z.string().optional().catch(undefined),
  g: z.string().optional().catch(undefined),
  t: z.string().optional().catch(undefined),
  sig: z.string().optional().catch(undefined),
});

/**
 * `/media/<key>?exp=…&sig=…`: private media bytes (audio, photo, video, avatars) behind signed,
 * expiring URLs. Without a valid signature the answer is the same 403 whether the file exists or not;
 * with one, a key no record outside the trash names (any more) is 404. With a signed `dl` (a download
 * link) the bytes come as an attachment of that name; such a link carries a grant (`g`, the session it
 * was asked in) and is refused (403) once that session has ended. The bytes stream through this process from either
 * storage, so every request (each Range of a seeking player too) passes both checks.
 */
export async function mediaFileRoutes(app: FastifyInstance, deps: AppDeps, access: MediaFileAccess): Promise<void> {
  // GET and HEAD declared together: fastify's automatic HEAD would overwrite our Content-Length.
  // The key is read from the raw URL (keyFromUrl), segment by segment; the bytes stream, unserialised.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { querystring: signedQuery },
    handler: async (request, reply) => {
      const key = keyFromUrl(request.url);
      const { exp, dl, g, t, sig } = request.query;
      if (!key) throw forbidden();
      const allowed = await access.check(key, exp, sig, { dl, g, t });
      if (allowed === 'forbidden') throw forbidden();
      const grant = g === undefined ? null : parseGrant(g);
      if (allowed === 'ended') throw linkEnded(grant?.kind ?? null);
      if (allowed === 'gone') throw notFound();
      const now = deps.clock.now();

      // The URL is good until exp; browsers may keep the bytes that long (never longer than a TTL). Another
      // account's file, shown through a shared album or a partnership, is asked again every time (a 304 to
      // its ETag once the grant is checked), so the browser shows nothing more once the sharing ends.
      const left = Math.max(0, Math.min(Number(exp) - Math.floor(now.getTime() / 1000), MEDIA_URL_TTL_SECONDS));
      reply.header('Cache-Control', grant && grantNamesItsFile(grant) ? 'private, no-cache' : `private, max-age=${left}`);
      // Bytes are only ever embedded by our own pages (same origin); a sandbox CSP keeps any stray
      // document type inert even if opened directly.
      reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
      if (dl !== undefined) reply.header('Content-Disposition', contentDisposition(dl));
      return sendStored(request, reply, deps.storage, key, mimeForKey(key));
    },
  });
}

/** `/media/u/1/audio/a%20b.webm?…` → `u/1/audio/a b.webm`, or null for anything that is not a clean key. */
export function keyFromUrl(url: string): string | null {
  const pathname = url.split('?', 1)[0]!;
  if (!pathname.startsWith('/media/')) return null;
  const segments = pathname.slice('/media/'.length).split('/');
  const out: string[] = [];
  for (const raw of segments) {
    let seg: string;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (seg === '' || seg === '.' || seg === '..' || /[\\/\0]/.test(seg)) return null;
    out.push(seg);
  }
  if (out.length < 3 || out[0] !== 'u') return null;
  return out.join('/');
}
