import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import type { AppDeps } from '../deps.ts';
import { contentSecurityPolicy, inlineScriptHashes, loadPagePolicies } from './csp.ts';
import { ENCODED_SUFFIXES } from './precompress.ts';
import { NOINDEX_PATHS, NOINDEX_VALUE } from './proxy-headers.ts';
import { ADMIN_PREFIX } from './admin-export.ts';
import { SERVICE_WORKER } from './service-worker.ts';

/**
 * /admin* → ADMIN_URL (proxied) when it is set; otherwise the admin area is part of the export (out/admin/, its
 * own pages, bundle and policies) and is served with it. Every other path → the static export (unless
 * SERVE_WEB=false: then a proxy serves the export, the admin area's included).
 */
export async function webRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { adminUrl, outDir } = deps.config;
  if (adminUrl) {
    // The proxy streams bodies through its own parsers; our JSON/form parsers live on the root, so
    // the admin scope starts from none (else the proxy's application/json parser clashes with ours).
    await app.register(async (admin) => {
      admin.removeAllContentTypeParsers();
      await admin.register(httpProxy, { upstream: adminUrl, prefix: '/admin', rewritePrefix: '/admin', http2: false });
    });
  }

  if (!deps.config.serveWeb) {
    // The reverse proxy serves the export: a page path reaching this process was routed here by mistake.
    app.setNotFoundHandler(async (_request, reply) => reply.status(404).send({ detail: 'Не найдено.' }));
    return;
  }

  // Each page's Content-Security-Policy allows exactly its own inline scripts (read once at start-up;
  // a page that appears later is hashed when first served).
  const policies = loadPagePolicies(outDir);
  const policyOf = async (file: string) => {
    let policy = policies.get(file);
    if (!policy) {
      policy = contentSecurityPolicy(inlineScriptHashes(await readFile(path.join(outDir, file), 'utf8')));
      policies.set(file, policy);
    }
    return policy;
  };

  await app.register(fastifyStatic, {
    root: outDir,
    serve: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    // The build's brotli and gzip copies (precompress.ts), chosen by Accept-Encoding, with Vary: Accept-Encoding;
    // a file without them, or a browser that takes neither, gets the file itself.
    preCompressed: true,
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ detail: 'Не найдено.' });
    }
    const file = await resolveStatic(outDir, request.url);
    if (file) {
      setCacheHeaders(reply, file);
      if (NOINDEX_PAGES.has(file)) reply.header('X-Robots-Tag', NOINDEX_VALUE);
      if (file.endsWith('.html')) reply.header('Content-Security-Policy', await policyOf(file));
      return reply.sendFile(file);
    }
    reply.header('Cache-Control', 'no-cache');
    // A path of the admin area that names no page gets the admin area's own 404 page (its bundle, its policy).
    const notFoundPage = isAdminPath(request.url) && (await isFile(path.join(outDir, ADMIN_NOT_FOUND))) ? ADMIN_NOT_FOUND : '404.html';
    if (await isFile(path.join(outDir, notFoundPage))) {
      reply.header('Content-Security-Policy', await policyOf(notFoundPage));
      return reply.status(404).type('text/html; charset=utf-8').sendFile(notFoundPage);
    }
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><meta charset="utf-8"><title>Страница не найдена</title><h1>Страница не найдена</h1><a href="/">На главную</a>',
      );
  });
}

/** The export's files of the pages no search engine keeps (NOINDEX_PATHS: a share link's page). */
const NOINDEX_PAGES = new Set(NOINDEX_PATHS.map((p) => `${p.replace(/^\//, '')}index.html`));
const ADMIN_NOT_FOUND = `${ADMIN_PREFIX}/404.html`;
const isAdminPath = (url: string) =>
  url === `/${ADMIN_PREFIX}` || url.startsWith(`/${ADMIN_PREFIX}/`) || url.startsWith(`/${ADMIN_PREFIX}?`);

function setCacheHeaders(reply: FastifyReply, file: string): void {
  if (file.startsWith('_next/static/') || file.startsWith(`${ADMIN_PREFIX}/_next/static/`))
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  // The service worker is checked on every visit, so a new build's shell is installed at once.
  else if (file.endsWith('.html') || file === SERVICE_WORKER) reply.header('Cache-Control', 'no-cache');
  else reply.header('Cache-Control', 'public, max-age=3600');
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

/** Maps a URL path to a file of the export: `/login` → `login/index.html`, `/a.js` → `a.js`. */
export async function resolveStatic(root: string, url: string): Promise<string | null> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  // The compressed copies are sent in the file's place, never by their own names.
  if (ENCODED_SUFFIXES.some((suffix) => pathname.endsWith(suffix))) return null;
  const rel = path.posix.normalize(pathname).replace(/^\/+/, '');
  if (rel.startsWith('..')) return null;
  const candidates = rel === '' || rel.endsWith('/') ? [`${rel}index.html`] : [rel, `${rel}/index.html`, `${rel}.html`];
  for (const c of candidates) {
    const full = path.join(root, c);
    if (!full.startsWith(path.resolve(root) + path.sep)) continue;
    if (await isFile(full)) return c;
  }
  return null;
}
