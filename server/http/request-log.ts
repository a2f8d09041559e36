import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths whose answers are logged at debug: the probes a proxy or an orchestrator sends every few seconds. */
const PROBES = /^\/api\/health(\/|$)/;
/** The docs page's own files (Swagger UI's scripts and styles). */
const DOCS_FILES = /^\/api\/docs\/static\//;

/**
 * One log line per answered request (Fastify's own pair, "incoming request" and "request completed", is
 * off: disableRequestLogging): its method, path, route template, status and time in ms. The files of the
 * web export (whatever no route matched outside /api/) and the health probes are logged at debug, so at
 * the default level a proxy's probe every 5 s and a page's dozen scripts add nothing; the rest at info.
 * A client that hangs up before its answer is one such line too, with 499. The path is logged without its query: query strings carry secrets (a reset link's token, a media
 * URL's signature).
 */
export function logRequests(app: FastifyInstance): void {
  const logged = new WeakSet<FastifyRequest>();
  const write = (request: FastifyRequest, elapsedMs: number, status: number, ending: string) => {
    // Above info (LOG_LEVEL=warn or error) no request line is written, not even a loud one: nothing to work out.
    if (!enabled(request.log.level, 'info')) return;
    if (logged.has(request)) return;
    logged.add(request);
    const path = request.url.split('?', 1)[0]!;
    const quiet = status < 500 && isQuiet(request, path);
    const log = request.log;
    if (!enabled(log.level, quiet ? 'debug' : 'info')) return;
    const ms = Math.round(elapsedMs * 10) / 10;
    const line = {
      // Fastify's serializer of `req` writes { method, url, host, remoteAddress: ip } of this object.
      req: { method: request.method, url: path, host: request.host, ip: seen.get(request)?.ip },
      route: request.routeOptions.url ?? null,
      status,
      ms,
    };
    const message = `${request.method} ${path} ${ending} ${Math.round(ms)} ms`;
    if (quiet) log.debug(line, message);
    else log.info(line, message);
  };
  app.addHook('onResponse', (request, reply, done) => {
    write(request, reply.elapsedTime, reply.statusCode, String(reply.statusCode));
    done();
  });
  // The client went away before its answer (a closed tab, a cut connection): nginx's 499 names it in the
  // line, and nothing more is said of it (the request's own work stops where it meets the closed socket).
  app.addHook('onRequestAbort', (request, done) => {
    write(
      request,
      performance.now() - (seen.get(request)?.at ?? performance.now()),
      CLIENT_CLOSED,
      `${CLIENT_CLOSED} (client closed the connection mid-request)`,
    );
    done();
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (!enabled(request.log.level, 'info')) return done();
    // The client's address is read now: once the answer is sent the socket may be gone (request.ip undefined).
    seen.set(request, { at: performance.now(), ip: request.ip });
    done();
  });
}

/**
 * Whether an error is a request body cut off by its client (Node's "aborted", ECONNRESET on no socket call
 * of ours, or a stream that closed early): nothing the server should log as its own trouble.
 */
export function isClientAbort(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; syscall?: unknown } | null;
  if (!e || typeof e !== 'object' || typeof e.syscall === 'string' || '$metadata' in e) return false;
  return e.message === 'aborted' || e.code === 'ECONNRESET' || e.code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/** What a request the client abandoned is logged with (nginx's "client closed request"). */
export const CLIENT_CLOSED = 499;

/** pino's levels by name, as numbers: a line is written when its level is at least the logger's. */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
const enabled = (loggerLevel: string, lineLevel: 'debug' | 'info') => LEVELS[lineLevel]! >= (LEVELS[loggerLevel] ?? 30);

/** When each request began and from which address (TRUST_PROXY applied). */
const seen = new WeakMap<FastifyRequest, { at: number; ip: string }>();

/** A probe, or a file of the export (or its 404: scanners ask for many): logged at debug unless it failed with a 5xx. */
function isQuiet(request: FastifyRequest, path: string): boolean {
  if (PROBES.test(path) || DOCS_FILES.test(path)) return true;
  // No route matched outside the API: a file (or a page, or its 404) of the web export.
  return request.routeOptions.url === undefined && !path.startsWith('/api/') && !path.startsWith('/media/');
}
